// GET /templates/NAME.png: values set by LAYERNAME.property, typed by the
// model's property table; unknown layers and properties and non-finite
// numbers refused; ETag, If-None-Match and the cache; template names that
// try to leave the folder, a symbolic link out of it, and values naming
// files outside it.
import Foundation
import Hummingbird
import HummingbirdTesting
import Lamina
import Testing

@testable import LaminaServe

@Suite struct TemplateRouteTests {
  /// Runs `body` with a server of the test templates folder.
  func withTemplates(
    _ body: @Sendable (LaminaServer, any TestClientProtocol, String) async throws -> Void
  ) async throws {
    let (root, templates) = try templatesFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withServer({ $0.templatesDirectory = templates }) { server, client in
      try await body(server, client, templates)
    }
  }

  /// The badge's colour and opacity set from the query; the pixel shows both.
  @Test func valuesAreSet() async throws {
    try await withTemplates { _, client, _ in
      let plain = try await client.get("/templates/card.png")
      #expect(plain.head.status == .ok, "\(plain.text)")
      #expect(plain.headers[.contentType] == "image/png")
      #expect(try plain.png().rgba(10, 10) == [255, 0, 0, 255])
      let green = try await client.get("/templates/card.png?badge.backgroundColor=%2300FF00&title.string=Hello+there")
      #expect(green.head.status == .ok, "\(green.text)")
      let image = try green.png()
      #expect(image.width == 60 && image.height == 40)
      #expect(image.rgba(10, 10) == [0, 255, 0, 255])
      // A number typed by the table: opacity 0 leaves the white background.
      let hidden = try await client.get("/templates/card.png?badge.opacity=0")
      #expect(try hidden.png().rgba(10, 10) == [255, 255, 255, 255])
      // A colour as a JSON array, a boolean.
      let array = try await client.get("/templates/card.png?badge.backgroundColor=%5B0,0,1,1%5D&badge.hidden=false")
      #expect(try array.png().rgba(10, 10) == [0, 0, 255, 255])
      // A string property given digits stays a string (the table reads no number there).
      let response = try await client.get("/templates/card.png?title.string=123")
      #expect(response.head.status == .ok)
    }
  }

  /// Unknown layers, unknown or structural properties, non-finite numbers
  /// and values the scene reader refuses: 400 with the parameter or path.
  @Test(arguments: [
    ("nobody.opacity=1", "nobody.opacity", nil),
    ("badge.colour=red", "badge.colour", nil),
    ("badge.sublayers=[]", "badge.sublayers", nil),
    ("title.fontSize=nan", "title.fontSize", nil),
    ("badge.opacity=inf", "badge.opacity", nil),
    ("badge.opacity=1e999", "badge.opacity", nil),
    ("opacity=1", "opacity", nil),
    ("badge.opacity=2", nil, "$.layers[0].opacity"),
    ("badge.backgroundColor=bright", nil, "$.layers[0].backgroundColor"),
  ] as [(String, String?, String?)])
  func badValues(query: String, parameter: String?, path: String?) async throws {
    try await withTemplates { _, client, _ in
      let r = try await client.get("/templates/card.png?\(query)")
      #expect(r.head.status == .badRequest, "\(query): \(r.text)")
      #expect(r.error != nil)
      if let parameter { #expect(r.json?["parameter"] as? String == parameter, "\(r.text)") }
      if let path { #expect(r.path == path, "\(r.text)") }
    }
  }

  /// A misspelt property is answered with the nearest one the layer has.
  @Test func misspeltPropertySuggestsKey() async throws {
    try await withTemplates { _, client, _ in
      let r = try await client.get("/templates/card.png?title.fontSise=20")
      #expect(r.head.status == .badRequest)
      #expect(r.error?.contains("did you mean 'fontSize'?") == true, "\(r.text)")
    }
  }

  /// The same request has the same ETag; If-None-Match answers 304 without
  /// a body; a second identical request is a cache hit; other values, another tag.
  @Test func etagAndCache() async throws {
    try await withTemplates { _, client, _ in
      let first = try await client.get("/templates/card.png?badge.opacity=0.5")
      let tag = try #require(first.headers[.eTag])
      #expect(tag.hasPrefix("\"") && tag.count == 34)
      let second = try await client.get("/templates/card.png?badge.opacity=0.5")
      #expect(second.headers[.eTag] == tag)
      #expect(second.bytes == first.bytes)
      let other = try await client.get("/templates/card.png?badge.opacity=0.25")
      #expect(other.headers[.eTag] != tag)
      let notModified = try await client.get("/templates/card.png?badge.opacity=0.5", headers: [.ifNoneMatch: "\"x\", \(tag)"])
      #expect(notModified.head.status == .notModified)
      #expect(notModified.bytes.isEmpty)
      #expect(notModified.headers[.eTag] == tag)
      let metrics = try await client.get("/metrics").text
      #expect(metrics.contains("lamina_template_cache_hits_total 1"))
      #expect(metrics.contains("lamina_template_cache_misses_total 2"))
      #expect(metrics.contains("lamina_http_request_duration_seconds_count{route=\"templates\",backend=\"cache\"} 1"))
    }
  }

  /// The cache holds at most its bytes: with room for one response, the
  /// older one is evicted.
  @Test func cacheIsByteBounded() throws {
    let cache = ResponseCache(capacity: 100)
    let a = RenderedOutput(bytes: [UInt8](repeating: 1, count: 60), contentType: "image/png", backend: "cpu")
    cache.put("a", a)
    cache.put("b", a)
    #expect(cache.get("a") == nil)
    #expect(cache.get("b") != nil)
    #expect(cache.usage.bytes >= 60 && cache.usage.bytes < 100)
    // What is held is counted, not the count: an array with spare capacity is kept at its size.
    var roomy = [UInt8](repeating: 2, count: 10_000)
    roomy.removeLast(9_950)
    let small = ResponseCache(capacity: 1_000)
    small.put("roomy", RenderedOutput(bytes: roomy, contentType: "image/png", backend: "cpu"))
    let kept = try #require(small.get("roomy"))
    #expect(kept.bytes == [UInt8](repeating: 2, count: 50))
    #expect(kept.bytes.capacity < 1_000)
    #expect(small.usage.bytes == kept.bytes.capacity)
    cache.put("big", RenderedOutput(bytes: [UInt8](repeating: 0, count: 101), contentType: "image/png", backend: "cpu"))
    #expect(cache.get("big") == nil)
  }

  /// Names that try to leave the folder are refused; a link out of it is refused by realpath.
  @Test func traversalRefused() async throws {
    try await withTemplates { _, client, templates in
      for name in ["..%2Fsecret.png", "..%2F..%2Fetc%2Fpasswd.png", "%2Fetc%2Fpasswd.png", "card.json", "card%00.png", "...png"] {
        let r = try await client.get("/templates/\(name)")
        #expect([.badRequest, .notFound].contains(r.head.status), "\(name): \(r.head.status)")
        #expect(r.error != nil, "\(name)")
      }
      try FileManager.default.createSymbolicLink(atPath: templates + "/escape.json", withDestinationPath: "/etc/hostname")
      let link = try await client.get("/templates/escape.png")
      #expect(link.head.status == .forbidden, "\(link.text)")
      let response = try await client.get("/templates/missing.png")
      #expect(response.head.status == .notFound)
    }
  }

  /// A value naming a file: inside the folder it is drawn, outside (by `..`
  /// or absolute) it is refused with the path of the value.
  @Test func contentsStayInsideFolder() async throws {
    try await withTemplates { _, client, _ in
      let inside = try await client.get("/templates/card.png?badge.contents=logo.png")
      #expect(inside.head.status == .ok, "\(inside.text)")
      for file in ["../secret.png", "/etc/passwd", "..%2F..%2F..%2Fetc%2Fpasswd"] {
        let r = try await client.get("/templates/card.png?badge.contents=\(file)")
        #expect(r.head.status == .badRequest, "\(file): \(r.text)")
        #expect(r.path == "$.layers[0].contents", "\(r.text)")
        #expect(r.error?.contains("outside the template folder") == true, "\(r.text)")
      }
    }
  }

  /// Without --templates there are none.
  @Test func noTemplatesFolder() async throws {
    try await withServer { _, client in
      let response = try await client.get("/templates/card.png")
      #expect(response.head.status == .notFound)
    }
  }
}
