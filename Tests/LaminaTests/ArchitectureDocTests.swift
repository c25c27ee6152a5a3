// ArchitectureDocTests: docs/architecture.md's picture of the folders
// ("## The folders") names exactly the folders under Sources/, two levels
// deep, each under its parent. A folder added, moved or removed without the
// picture following fails here.
//
// Rejected: generating the picture from the tree (the descriptions are the
// point of it, and they cannot be generated).

import Foundation
import Testing

@Suite("Architecture document")
struct ArchitectureDocTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders under Sources/ as "Parent/Child" paths (C targets' include/ left out).
  private static func tree() throws -> Set<String> {
    let files = FileManager.default
    let sources = root.appendingPathComponent("Sources")
    var paths = Set<String>()
    for target in try files.contentsOfDirectory(atPath: sources.path) {
      var isFolder: ObjCBool = false
      guard files.fileExists(atPath: sources.appendingPathComponent(target).path, isDirectory: &isFolder),
        isFolder.boolValue
      else { continue }
      paths.insert(target)
      for child in try files.contentsOfDirectory(atPath: sources.appendingPathComponent(target).path)
      where child != "include" {
        let path = sources.appendingPathComponent(target).appendingPathComponent(child).path
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
          paths.insert(target + "/" + child)
        }
      }
    }
    return paths
  }

  /// The picture's folders: a line indented two spaces is a target (one
  /// or several `Name/` before the description), four spaces a folder of
  /// the target above it.
  static func picture(_ doc: String) throws -> Set<String> {
    let section = try #require(doc.components(separatedBy: "## The folders\n").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```\n").dropFirst().first)
    var paths = Set<String>()
    var target = ""
    for line in block.split(separator: "\n").dropFirst() {  // "Sources/"
      let names = line.split(separator: " ").prefix { $0.hasSuffix("/") }.map { String($0.dropLast()) }
      if line.hasPrefix("    "), let name = names.first, names.count == 1 {
        paths.insert(target + "/" + name)
      } else if line.hasPrefix("  "), !line.hasPrefix("   ") {
        target = names.first ?? target
        paths.formUnion(names)
      }
    }
    return paths
  }

  @Test func thePictureOfTheFoldersIsTheTree() throws {
    let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let (drawn, real) = (try Self.picture(doc), try Self.tree())
    #expect(real.count > 30, "the tree was not found at \(Self.root.path)")
    #expect(drawn.subtracting(real).sorted() == [], "in the picture, not under Sources/")
    #expect(real.subtracting(drawn).sorted() == [], "under Sources/, not in the picture")
  }

  /// The parser itself: a folder dropped from, or moved in, a picture is seen.
  @Test func thePictureParserSeesAMissingOrMovedFolder() throws {
    let doc = "## The folders\n\n```\nSources/\n  A/   x\n    B/   y\n  C/ D/\n                  z\n```\n"
    #expect(try Self.picture(doc) == ["A", "A/B", "C", "D"])
    let moved = doc.replacingOccurrences(of: "    B/", with: "  B/")
    #expect(try Self.picture(moved) == ["A", "B", "C", "D"])
  }
}
