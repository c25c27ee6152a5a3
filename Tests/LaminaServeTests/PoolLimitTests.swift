// The render pool's bounds: a full queue answers 429 with Retry-After (the
// workers held so the queue fills deterministically), a render past its
// deadline answers 504 and its renderer is recycled (the next render still
// works), and a render beyond the memory budget answers 503.
import Foundation
import Hummingbird
import HummingbirdTesting
import Lamina
import Testing

@testable import LaminaServe

@Suite struct PoolLimitTests {
  let scene = sceneJSON(layers: [solid("#FF0000", frame: [0, 0, 10, 10])])

  /// One worker, no queue: with the worker held, a first render is
  /// admitted and waits; a second is refused at once; releasing the worker
  /// answers the first.
  @Test func fullQueueIs429() async throws {
    let scene = self.scene
    try await withServer({
      $0.workers = 1
      $0.queueCapacity = 0
    }) { server, client in
      server.holdWorkers(true)
      let first = Task { try await client.post("/render", scene) }
      // Admitted jobs wait in the queue while the worker is held.
      for _ in 0..<500 where server.queueDepth == 0 { try await Task.sleep(for: .milliseconds(2)) }
      #expect(server.queueDepth == 1)
      let refused = try await client.post("/render", scene)
      #expect(refused.head.status == .tooManyRequests)
      #expect(refused.headers[.retryAfter] == "1")
      #expect(refused.error?.contains("queue is full") == true)
      server.holdWorkers(false)
      let answered = try await first.value
      #expect(answered.head.status == .ok)
      // Recovered: the next request is drawn.
      let response = try await client.post("/render", scene)
      #expect(response.head.status == .ok)
      let metrics = try await client.get("/metrics").text
      #expect(metrics.contains("lamina_renders_refused_total{reason=\"queue_full\"} 1"))
    }
  }

  /// With the queue full, a template request is refused before its
  /// template is parsed or patched (a bad value still answers 429, the
  /// cheap refusal), while a card already in the cache is still served.
  @Test func fullQueueRefusesTemplatesBeforeParsing() async throws {
    let (root, templates) = try templatesFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withServer({
      $0.workers = 1
      $0.queueCapacity = 0
      $0.templatesDirectory = templates
    }) { server, client in
      let cached = try await client.get("/templates/card.png?badge.opacity=0.5")
      #expect(cached.head.status == .ok, "\(cached.text)")
      server.holdWorkers(true)
      let first = Task { try await client.get("/templates/card.png?badge.opacity=0.25") }
      for _ in 0..<500 where server.queueDepth == 0 { try await Task.sleep(for: .milliseconds(2)) }
      let bad = try await client.get("/templates/card.png?badge.opacity=nan")
      #expect(bad.head.status == .tooManyRequests, "\(bad.text)")
      let hit = try await client.get("/templates/card.png?badge.opacity=0.5")
      #expect(hit.head.status == .ok)
      #expect(hit.bytes == cached.bytes)
      server.holdWorkers(false)
      #expect(try await first.value.head.status == .ok)
      // Admitted again: the bad value now gets its own refusal.
      #expect(try await client.get("/templates/card.png?badge.opacity=nan").head.status == .badRequest)
    }
  }

  /// A render far longer than a 100 ms deadline: 504; once it finishes
  /// the worker's renderers are recycled, and the same worker then draws
  /// a small scene within the deadline.
  @Test func deadlineIs504AndRendererRecycled() async throws {
    // 1000×1000 pixels of wide blurred shadows: about 1.5 s on the CPU in a
    // debug build (the deadline is 100 ms; a small scene takes a few ms).
    let slow = sceneJSON(
      width: 500, height: 500, extra: ", \"scale\": 2",
      layers: (0..<3).map { i in
        solid("#3366FF", frame: [20 + i * 20, 20 + i * 20, 400, 400], more: ", \"shadowOpacity\": 1, \"shadowRadius\": 60, \"cornerRadius\": 40")
      })
    let scene = self.scene
    try await withServer({
      $0.workers = 1
      $0.renderDeadline = .milliseconds(100)
    }) { server, client in
      let r = try await client.post("/render", slow)
      #expect(r.head.status == .gatewayTimeout)
      #expect(r.error?.contains("deadline") == true, "\(r.text)")
      var recycled = false
      for _ in 0..<500 {
        recycled = try await client.get("/metrics").text.contains("lamina_renderers_recycled_total 1")
        if recycled { break }
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(recycled)
      let after = try await client.post("/render", scene)
      #expect(after.head.status == .ok, "\(after.text)")
      #expect(try after.png().rgba(5, 5) == [255, 0, 0, 255])
      let metrics = try await client.get("/metrics").text
      #expect(metrics.contains("lamina_renders_refused_total{reason=\"deadline\"} 1"))
    }
  }

  /// A render whose canvas needs more than the memory budget is 503 with Retry-After.
  @Test func memoryBudgetIs503() async throws {
    let scene = self.scene
    try await withServer({ $0.memoryBudgetBytes = 1000 }) { _, client in
      let r = try await client.post("/render", scene)
      #expect(r.head.status == .serviceUnavailable)
      #expect(r.headers[.retryAfter] == "1")
      #expect(r.error?.contains("budget") == true)
    }
  }
}
