// LayerProperties against the `Layer` it describes: every key reads,
// writes and reads back to an equivalent layer (and only its own key is
// written); a fresh layer writes no key; every stored property
// of `Layer` has an entry; unknown keys are still refused; and a NaN in any
// property holding numbers is named by the lowering's finiteness check.
// The samples and poisons below are keyed by the table, so a new entry
// without one fails here until it gets one.

import Foundation
import Testing

@testable import Lamina

@Suite struct LayerPropertiesTests {
  static let table = LayerProperties.layer

  /// A value other than the default for every key, as one scene layer object.
  static let samplesJSON = ##"""
    { "name": "card", "type": "transformLayer", "frame": [1, 2, 30, 40], "bounds": [1, 2, 30, 40.5],
      "position": [5, 6.25], "anchorPoint": [0, 1], "zPosition": -3,
      "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1],
      "affineTransform": [1, 0.5, 0, 1, 3, 4], "sublayerTransform": "rotate(30deg)",
      "hidden": true, "opacity": 0.25, "allowsGroupOpacity": false, "backgroundColor": "#FF000080",
      "cornerRadius": 7, "maskedCorners": ["maxXMinY", "minXMaxY"], "cornerCurve": "continuous",
      "masksToBounds": true, "borderWidth": 2, "borderColor": null, "shadowOpacity": 0.5,
      "shadowColor": [0.25, 0.5, 0.75, 0.125], "shadowOffset": [1, -2], "shadowRadius": 0,
      "shadowPath": { "roundedRect": [0, 0, 10, 10], "cornerRadius": 2 },
      "contents": "images/a.png", "contentsRect": [0.5, 0, -0.5, 1], "contentsGravity": "kCAGravityTopLeft",
      "contentsScale": 2, "contentsCenter": [0.25, 0.25, 0.5, 0.5], "minificationFilter": "trilinear",
      "magnificationFilter": "nearest", "minificationFilterBias": -0.5, "shouldRasterize": true,
      "rasterizationScale": 3, "doubleSided": false,
      "beginTime": 0.5, "duration": 2, "speed": -1.5, "timeOffset": 0.25, "repeatCount": 2.5,
      "repeatDuration": 4, "autoreverses": true, "fillMode": "both",
      "animations": [{ "type": "basic", "keyPath": "opacity", "toValue": 0.5 }],
      "mask": { "bounds": [0, 0, 5, 5], "opacity": 0.5 }, "compositingFilter": "CIColorBurnBlendMode",
      "sublayers": [{ "name": "child" }, { "hidden": true }] }
    """##

  /// `samplesJSON` by key, each value as JSON text.
  static let samples: [String: String] = {
    guard case .object(let members) = try? JSONParser.parse(Array(samplesJSON.utf8)).kind else {
      return [:]
    }
    return Dictionary(uniqueKeysWithValues: members.map { ($0.key, JSONWriter.compact($0.value)) })
  }()

  /// The keys a layer holding only `key` is written with.
  static func writtenKeys(for key: String) -> [String] {
    key == "frame" ? ["bounds", "position"] : [key]
  }

  /// Puts a NaN or an infinity into the property named.
  static let poisons: [String: @Sendable (Layer) -> Void] = [
    "bounds": { $0.bounds.size.height = .nan },
    "position": { $0.position.y = .infinity },
    "anchorPoint": { $0.anchorPoint.x = .nan },
    "zPosition": { $0.zPosition = .nan },
    "transform": { $0.transform.m43 = .infinity },
    "sublayerTransform": { $0.sublayerTransform.m34 = .nan },
    "opacity": { $0.opacity = .nan },
    "backgroundColor": { $0.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: .nan) },
    "cornerRadius": { $0.cornerRadius = .infinity },
    "borderWidth": { $0.borderWidth = .nan },
    "borderColor": { $0.borderColor = Color(red: 0, green: .nan, blue: 0) },
    "shadowOpacity": { $0.shadowOpacity = .nan },
    "shadowColor": { $0.shadowColor = Color(red: 0, green: 0, blue: .nan) },
    "shadowOffset": { $0.shadowOffset.width = .nan },
    "shadowRadius": { $0.shadowRadius = .nan },
    "shadowPath": {
      $0.shadowPath = Path(elements: [
        .move(CGPoint(x: 0, y: 0)), .line(CGPoint(x: 1, y: Double.nan)),
      ])
    },
    "contentsRect": { $0.contentsRect.size.width = .infinity },
    "contentsScale": { $0.contentsScale = .nan },
    "contentsCenter": { $0.contentsCenter.origin.y = .nan },
    "minificationFilterBias": { $0.minificationFilterBias = -.infinity },
    "rasterizationScale": { $0.rasterizationScale = .nan },
  ]

  @Test func theTableHasTheFormatsKeysOnce() {
    let keys = Self.table.map(\.key)
    #expect(keys.count == 48)
    #expect(Set(keys).count == keys.count, "a key is listed twice")
    #expect(LayerClasses.layer.keys == keys)
    #expect(LayerClasses.transformLayer.keys == keys)
    // The decoder's suggestions know every class's keys, `Layer`'s first.
    #expect(
      SceneDecoder.layerKeys
        == keys + LayerProperties.gradient.map(\.key) + LayerProperties.shape.map(\.key)
        + LayerProperties.replicator.map(\.key) + LayerProperties.text.map(\.key))
    #expect(Set(Self.samples.keys) == Set(keys), "keys without a sample, or samples without a key")
  }

  @Test func everyStoredLayerPropertyHasAnEntry() {
    let stored = SceneRoundTripTests.storedProperties(of: Layer()).subtracting([
      "superlayer"
    ])
    // Entries that compare a property: all but `frame` and `affineTransform`,
    // which set `bounds`, `position` and `transform`.
    let compared = Set(Self.table.filter { $0.isEqual != nil }.map(\.name))
    // The timing keys are the parts of the stored `timing` (named by their
    // forwarding properties), and `animations` reads `animationEntries`.
    let timing: Set<String> = [
      "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]
    #expect(
      compared.subtracting(["type"]).subtracting(timing).subtracting(["animations"])
        .union(["timing", "animationEntries"]) == stored)
  }

  @Test func aFreshLayerWritesNoKeys() {
    // The defaults are a fresh layer's values (`LayerClass.fresh`).
    for layer in [Layer(), TransformLayer()] {
      for property in Self.table {
        if let isEqual = property.isEqual { #expect(isEqual(layer, layer.sceneClass.fresh), "\(property.key)") }
      }
      guard case .object(let members) = SceneWriter.layer(layer).kind else {
        Issue.record("not written as an object")
        continue
      }
      #expect(members.map(\.key) == (layer is TransformLayer ? ["type"] : []), "a fresh \(type(of: layer)) writes keys")
    }
  }

  @Test func everyKeyRoundTripsThroughWriteAndRead() throws {
    for property in Self.table {
      let sample = try #require(Self.samples[property.key], "\(property.key) has no sample")
      let scene = try SceneFixtures.load(
        SceneFixtures.oneLayer(##""\##(property.key)": \##(sample)"##))
      let layer = try #require(scene.layers.first)
      if let isEqual = property.isEqual {
        #expect(!isEqual(layer, layer.sceneClass.fresh), "\(property.key): the sample is the default")
      }
      let written = SceneWriter.layer(layer)
      guard case .object(let members) = written.kind else {
        Issue.record("\(property.key): not written as an object")
        continue
      }
      #expect(members.map(\.key) == Self.writtenKeys(for: property.key), "\(property.key)")
      let again = try SceneFixtures.load(scene.jsonData())
      let reread = try #require(again.layers.first)
      #expect(
        layer.isEquivalent(to: reread),
        "\(property.key): \(SceneRoundTripTests.firstDifference(layer, reread) ?? "?")")
      #expect(again.jsonData() == scene.jsonData(), "\(property.key): writing is not stable")
      // The entry itself tells the two layers apart from a fresh one.
      if let isEqual = property.isEqual {
        #expect(isEqual(layer, reread) && !isEqual(layer, Layer()), "\(property.key)")
      }
    }
  }

  @Test func unknownKeysAreStillRefused() {
    #expect(
      SceneFixtures.errors(SceneFixtures.oneLayer(##""shadowRadus": 2"##)) == [
        "layers[0].shadowRadus: unknown key; did you mean 'shadowRadius'?"
      ])
    #expect(
      SceneFixtures.errors(SceneFixtures.oneLayer(##""lineWidth": 2"##)) == [
        "layers[0].lineWidth: unknown key"
      ])
  }

  @Test func everyNonFiniteNumberIsNamedByTheFinitenessCheck() throws {
    let checked = Self.table.filter { $0.isFinite != nil }.map(\.name)
    #expect(Set(checked) == Set(Self.poisons.keys), "numeric properties without a poison")
    #expect(Layer().firstNonFiniteProperty() == nil)
    for name in checked {
      let layer = Layer()
      layer.name = "bad"
      let poison = try #require(Self.poisons[name])
      poison(layer)
      #expect(layer.firstNonFiniteProperty() == name)
      #expect(throws: LoweringError.notFinite(layer: "'bad'", property: name)) {
        try TreeCheck.validate(layer)
      }
    }
  }
}
