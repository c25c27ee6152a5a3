// Images inline as data URIs in `contents`, and SceneFileAccess: what a
// document loaded for a server may read (none, or only inside a folder).
import Foundation
import Testing

@testable import Lamina

@Suite struct SceneDataURITests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("ImageFixtures").path

  /// A 3×2 PNG of one colour, base64 in a data URI.
  static func pngURI(_ rgba: [UInt8] = [10, 200, 30, 255]) throws -> String {
    let png = try StraightImage(width: 3, height: 2, pixels: (0..<6).flatMap { _ in rgba }).pngData()
    return "data:image/png;base64," + Data(png).base64EncodedString()
  }

  static func scene(contents: String) -> [UInt8] {
    Array(
      """
      {"canvas": {"width": 3, "height": 2}, "layers": [{"frame": [0, 0, 3, 2], "contents": "\(contents)"}]}
      """.utf8)
  }

  /// The PNG's pixels arrive in the layer, and a written scene keeps the URI.
  @Test func pngDataURI() throws {
    let uri = try Self.pngURI()
    let scene = try Scene(jsonData: Self.scene(contents: uri), fileAccess: .none)
    let image = try #require(scene.layers.first?.contents)
    #expect(image.width == 3 && image.height == 2)
    #expect(Array(image.straight.pixels[0..<4]) == [10, 200, 30, 255])
    let written = String(decoding: scene.jsonData(), as: UTF8.self)
    #expect(written.contains(uri))
    let again = try Scene(jsonData: scene.jsonData(), fileAccess: .none)
    #expect(again.layers.first?.contents?.straight.pixels == image.straight.pixels)
  }

  /// A JPEG data URI decodes as libjpeg-turbo decodes the file.
  @Test func jpegDataURI() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/baseline.jpg"))
    let uri = "data:image/jpeg;base64," + bytes.base64EncodedString()
    let scene = try Scene(jsonData: Self.scene(contents: uri), fileAccess: .none)
    let image = try #require(scene.layers.first?.contents)
    let expected = try StraightImage(imageData: [UInt8](bytes))
    #expect(image.width == 16 && image.straight.pixels == expected.pixels)
  }

  /// Other types, bad base64, and a type that does not match the data are errors at the value's path.
  @Test(arguments: [
    "data:image/gif;base64,R0lGODlhAQABAAAAACw=", "data:image/png;base64,@@@", "data:image/png,plain",
    "data:image/jpeg;base64,iVBORw0KGgo=",
  ])
  func badDataURIs(uri: String) throws {
    #expect {
      try Scene(jsonData: Self.scene(contents: uri), fileAccess: .none)
    } throws: { error in
      let first = (error as? SceneErrors)?.errors.first
      return first?.path == "layers[0].contents"
    }
  }

  /// `.none` refuses a PNG path (absolute or relative) with the value's path; `.unrestricted` reads it.
  @Test func noneRefusesFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-data-uri-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let png = try StraightImage(width: 1, height: 1, pixels: [1, 2, 3, 255]).pngData()
    try Data(png).write(to: URL(fileURLWithPath: folder + "/a.png"))
    for name in [folder + "/a.png", "a.png"] {
      #expect {
        try Scene(jsonData: Self.scene(contents: name), baseDirectory: folder, fileAccess: .none)
      } throws: { error in
        let first = (error as? SceneErrors)?.errors.first
        return first?.path == "layers[0].contents" && first?.message.contains("not allowed") == true
      }
    }
    let read = try Scene(jsonData: Self.scene(contents: "a.png"), baseDirectory: folder, fileAccess: .unrestricted)
    #expect(read.layers.first?.contents?.width == 1)
  }

  /// `.inside(folder)` reads files in the folder, and refuses `..`, absolute paths and links out of it.
  @Test func insideStaysInFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-inside-\(UUID().uuidString)").path
    let folder = root + "/templates"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let png = try StraightImage(width: 1, height: 1, pixels: [1, 2, 3, 255]).pngData()
    try Data(png).write(to: URL(fileURLWithPath: folder + "/in.png"))
    try Data(png).write(to: URL(fileURLWithPath: root + "/out.png"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: root + "/out.png")
    let access = SceneFileAccess.inside(folder)
    let inside = try Scene(jsonData: Self.scene(contents: "in.png"), baseDirectory: folder, fileAccess: access)
    #expect(inside.layers.first?.contents?.width == 1)
    for name in ["../out.png", root + "/out.png", "link.png", "/etc/passwd"] {
      #expect {
        try Scene(jsonData: Self.scene(contents: name), baseDirectory: folder, fileAccess: access)
      } throws: { error in
        (error as? SceneErrors)?.errors.first?.message.contains("outside the template folder") == true
      }
    }
  }
}
