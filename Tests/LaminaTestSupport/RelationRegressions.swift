// The trees on which a relation once failed, kept as scenes: each file of
// Tests/Scenes/relations is named RELATION-SEED.json (the relation and the
// tree's seed, which also seeds the relation's own choices), holds the
// shrunk tree as written when it failed, and must now pass on both
// backends. Each is a regression test for the bug its relation found.
import Foundation
import Lamina

/// One kept failure: a relation, a seed and the shrunk tree.
public struct RelationRegression: Sendable, CustomStringConvertible {
  public let relation: Relation
  public let seed: UInt64
  public let path: String
  public var description: String { "\(relation.name)-\(String(seed, radix: 16))" }

  /// Loads the tree and checks the relation on it.
  public func check(render: SceneRender) throws -> RelationOutcome {
    relation.check(try Scene(contentsOfFile: path), seed: seed, render: render)
  }

  /// Every kept failure, sorted by file name.
  public static let all: [RelationRegression] = {
    let folder = Corpus.root + "/Tests/Scenes/relations"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      let stem = name.dropLast(5)
      guard let dash = stem.lastIndex(of: "-"), let seed = UInt64(stem[stem.index(after: dash)...], radix: 16),
        let relation = Relations.all.first(where: { $0.name == stem[..<dash] })
      else { return nil }
      return RelationRegression(relation: relation, seed: seed, path: folder + "/" + name)
    }
  }()
}
