// `presentationCopy` (Time/LayerCopy.swift) assigns each class's struct of
// plain values; the scene tables are the list of properties. For every
// class and every key of its table, a layer holding that key's sample (the
// samples the table tests use) copies to a layer the key's own comparison
// finds equal, and different from a fresh layer: a property kept outside
// its class's struct fails here.

import Testing

@testable import Lamina

@Suite struct PresentationCopyTests {
  /// Keys the copy leaves to the presentation walk (the tree, the mask, the
  /// time) or that set another key's property.
  static let notCopied: Set<String> = [
    "type", "frame", "affineTransform", "mask", "sublayers", "animations", "beginTime", "duration", "speed",
    "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
  ]

  @Test func everyKeyOfEveryClassIsCopied() throws {
    let own: [String: [String: String]] = [
      "layer": [:], "transformLayer": [:], "gradientLayer": GradientLayerTests.samples,
      "shapeLayer": ShapeLayerTests.samples, "replicatorLayer": ReplicatorLayerTests.samples,
      "textLayer": TextLayerTests.samples,
    ]
    for c in LayerClasses.all {
      let samples = LayerPropertiesTests.samples.merging(own[c.type] ?? [:]) { $1 }
      for property in c.properties where !Self.notCopied.contains(property.key) {
        let sample = try #require(samples[property.key], "\(c.type).\(property.key) has no sample")
        // Locations need as many colours.
        let extra = property.key == "locations" ? ##", "colors": \##(samples["colors"]!)"## : ""
        let layer = try #require(
          try SceneFixtures.load(
            SceneFixtures.oneLayer(##""type": "\##(c.type)", "\##(property.key)": \##(sample)\##(extra)"##)
          ).layers.first)
        let copy = layer.presentationCopy()
        #expect(copy.sceneClass === c)
        let isEqual = try #require(property.isEqual)
        #expect(isEqual(layer, copy), "\(c.type).\(property.key) is not copied")
        #expect(!isEqual(copy, c.make()), "\(c.type).\(property.key): the sample is the default")
      }
    }
  }

  @Test func theCopyHasNoTreeAnimationsOrTiming() throws {
    let layer = Layer()
    let child = Layer()
    try layer.addSublayer(child)
    layer.mask = Layer()
    layer.speed = 2
    layer.add(BasicAnimation(keyPath: "opacity"), forKey: "a")
    let copy = layer.presentationCopy()
    #expect(copy.sublayers == nil && copy.mask == nil && copy.animationKeys() == nil)
    #expect(copy.timing == MediaTiming())
  }
}
