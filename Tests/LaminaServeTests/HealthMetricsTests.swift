// GET /healthz and GET /metrics: health as JSON, and the Prometheus text
// with the request counters and latency histograms by route and backend.
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LaminaServe

@Suite struct HealthMetricsTests {
  @Test func healthz() async throws {
    try await withServer { _, client in
      let r = try await client.get("/healthz")
      #expect(r.head.status == .ok)
      #expect(r.json?["status"] as? String == "ok")
      #expect(r.json?["workers"] as? Int == 2)
      #expect(r.json?["running"] as? Int == 0)
      #expect(r.json?["queued"] as? Int == 0)
    }
  }

  @Test func metricsCountRequests() async throws {
    try await withServer { _, client in
      _ = try await client.post("/render", sceneJSON(layers: [solid("#FF0000", frame: [0, 0, 4, 4])]))
      _ = try await client.post("/render?format=nope", "{}")
      let r = try await client.get("/metrics")
      #expect(r.head.status == .ok)
      #expect(r.headers[.contentType]?.hasPrefix("text/plain") == true)
      let text = r.text
      #expect(text.contains("lamina_http_requests_total{route=\"render\",status=\"200\"} 1"), "\(text)")
      #expect(text.contains("lamina_http_requests_total{route=\"render\",status=\"400\"} 1"))
      #expect(text.contains("lamina_http_request_duration_seconds_count{route=\"render\",backend=\"cpu\"} 1"))
      #expect(text.contains("lamina_http_request_duration_seconds_bucket{route=\"render\",backend=\"cpu\",le="))
      #expect(text.contains("lamina_render_queue_depth"))
    }
  }

  @Test func unknownRouteIs404() async throws {
    try await withServer { _, client in
      let response = try await client.get("/nothing")
      #expect(response.head.status == .notFound)
    }
  }
}
