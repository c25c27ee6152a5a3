// LayerClassChecks: what every specialized layer class's own table must
// pass (LayerClassTableTests runs them for each class; the classes' own
// files run `poisonsAreNamed`): its keys sit once, after
// `Layer`'s and before `mask` and `sublayers`, each with a sample; a fresh
// layer holds every default and writes only its type; and every key reads
// its sample, writes it back, reads again to an equivalent layer and
// writes the same bytes.

import Foundation
import Testing

@testable import Lamina

enum LayerClassChecks {
  static func tableOrder(
    _ c: LayerClass, own keys: [String], samples: [String: String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(
      Set(samples.keys) == Set(keys), "keys without a sample, or samples without a key",
      sourceLocation: sourceLocation)
    #expect(
      Set(c.keys).count == c.keys.count, "a key is listed twice", sourceLocation: sourceLocation)
    #expect(
      c.keys == Array(LayerClasses.layer.keys.dropLast(2)) + keys + ["mask", "sublayers"],
      sourceLocation: sourceLocation)
  }

  static func freshWritesOnlyItsType(
    _ c: LayerClass, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let layer = c.make()
    for property in c.properties {
      if let isEqual = property.isEqual {
        #expect(isEqual(layer, c.fresh), "\(property.key)", sourceLocation: sourceLocation)
      }
    }
    guard case .object(let members) = SceneWriter.layer(layer).kind else {
      Issue.record("not written as an object", sourceLocation: sourceLocation)
      return
    }
    #expect(
      members.map(\.key) == ["type"], "a fresh \(c.type) writes only its type",
      sourceLocation: sourceLocation)
  }

  /// `extra`: members a key's sample needs beside it (gradient locations need colours).
  static func roundTrips(
    _ c: LayerClass, own keys: [String], samples: [String: String], extra: [String: String] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    for key in keys {
      let property = try #require(c.byKey[key], sourceLocation: sourceLocation)
      let sample = try #require(
        samples[key], "\(key) has no sample", sourceLocation: sourceLocation)
      let more = extra[key].map { ", " + $0 } ?? ""
      let scene = try SceneFixtures.load(
        SceneFixtures.oneLayer(##""type": "\##(c.type)", "\##(key)": \##(sample)\##(more)"##))
      let layer = try #require(scene.layers.first, sourceLocation: sourceLocation)
      #expect(layer.sceneClass === c, sourceLocation: sourceLocation)
      #expect(
        property.isEqual?(layer, c.fresh) == false, "\(key): the sample is the default",
        sourceLocation: sourceLocation)
      guard case .object(let members) = SceneWriter.layer(layer).kind else {
        Issue.record("\(key): not written as an object", sourceLocation: sourceLocation)
        continue
      }
      // The key, and any the extra members set, in the table's order.
      let written = members.map(\.key)
      #expect(
        written.first == "type" && written.contains(key), "\(key): \(written)",
        sourceLocation: sourceLocation)
      #expect(
        written == c.keys.filter { written.contains($0) }, "\(key): \(written)",
        sourceLocation: sourceLocation)
      #expect(
        more.isEmpty ? written == ["type", key] : true, "\(key): \(written)",
        sourceLocation: sourceLocation)
      let again = try SceneFixtures.load(scene.jsonData())
      let reread = try #require(again.layers.first, sourceLocation: sourceLocation)
      #expect(layer.isEquivalent(to: reread), "\(key)", sourceLocation: sourceLocation)
      #expect(
        again.jsonData() == scene.jsonData(), "\(key): writing is not stable",
        sourceLocation: sourceLocation)
      #expect(
        property.isEqual?(layer, reread) == true && property.isEqual?(layer, c.make()) == false,
        "\(key)",
        sourceLocation: sourceLocation)
    }
  }

  /// Every own numeric key of `c` has a poison (a NaN or an infinity put
  /// into it); once poisoned, the finiteness check names the key and the
  /// lowering refuses the layer, naming it and the key.
  static func poisonsAreNamed<L: Layer>(
    _ c: LayerClass, make: () -> L, poisons: [String: @Sendable (L) -> Void],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let own = c.ownFiniteChecks.map(\.name)
    #expect(
      Set(own) == Set(poisons.keys), "numeric properties without a poison", sourceLocation: sourceLocation)
    #expect(make().firstNonFiniteProperty() == nil, sourceLocation: sourceLocation)
    for name in own {
      let layer = make()
      layer.name = "bad"
      let poison = try #require(poisons[name], sourceLocation: sourceLocation)
      poison(layer)
      #expect(layer.firstNonFiniteProperty() == name, sourceLocation: sourceLocation)
      #expect(throws: LoweringError.notFinite(layer: "'bad'", property: name), sourceLocation: sourceLocation) {
        try TreeCheck.validate(layer)
      }
    }
  }
}
