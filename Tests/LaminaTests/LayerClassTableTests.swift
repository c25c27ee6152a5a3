// LayerClassTableTests: the table contract of every layer class with keys
// of its own (LayerClassChecks), run once per class: its keys sit once
// after `Layer`'s, each with a sample; every stored property has an entry;
// a fresh layer writes only its type; every key round-trips. Each class's
// file keeps its samples and what is its own (defaults, limits, poisons).
//
// Rejected: the four checks written out in each class's file (sixteen
// tests differing only in the class's name, and a new check had to be
// added four times).

import Testing

@testable import Lamina

/// One layer class with keys of its own, as the table checks take it.
struct OwnTable: Sendable, CustomStringConvertible {
  let layerClass: LayerClass
  /// Its own keys in its table's order, and the properties they name.
  let keys: [String]
  let names: Set<String>
  /// Its own stored properties (a fresh layer's, through its values struct), as the table names them.
  let stored: Set<String>
  /// A value other than the default for every own key.
  let samples: [String: String]
  /// Members a key's sample needs beside it (gradient locations need colours).
  let extra: [String: String]
  var description: String { layerClass.type }

  /// `renamed`: a stored property the table names otherwise; `notInScenes`:
  /// stored properties no scene holds.
  init<L: Layer>(
    _ c: LayerClass, _ table: [LayerProperty<L>], fresh: L, samples: [String: String],
    extra: [String: String] = [:], renamed: [String: String] = [:], notInScenes: Set<String> = []
  ) {
    layerClass = c
    keys = table.map(\.key)
    names = Set(table.map(\.name))
    stored = Set(SceneRoundTripTests.storedProperties(of: fresh).map { renamed[$0] ?? $0 })
      .subtracting(notInScenes)
    self.samples = samples
    self.extra = extra
  }
}

@Suite struct LayerClassTableTests {
  static let classes = [
    ShapeLayerTests.ownTable, ReplicatorLayerTests.ownTable, GradientLayerTests.ownTable, TextLayerTests.ownTable,
  ]

  @Test(arguments: classes) func theTableHasTheClassKeysOnceAfterLayersKeys(_ t: OwnTable) {
    LayerClassChecks.tableOrder(t.layerClass, own: t.keys, samples: t.samples)
    #expect(t.layerClass.version == 2 && LayerClasses.layer.version == 1)
  }

  @Test(arguments: classes) func everyStoredPropertyHasAnEntry(_ t: OwnTable) {
    #expect(t.names == t.stored)
  }

  @Test(arguments: classes) func aFreshLayerWritesOnlyItsType(_ t: OwnTable) {
    LayerClassChecks.freshWritesOnlyItsType(t.layerClass)
  }

  @Test(arguments: classes) func everyKeyRoundTripsThroughWriteAndRead(_ t: OwnTable) throws {
    try LayerClassChecks.roundTrips(t.layerClass, own: t.keys, samples: t.samples, extra: t.extra)
  }
}
