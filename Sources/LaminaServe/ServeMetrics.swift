// ServeMetrics: the server's Prometheus metrics, in a registry of its own
// (so that tests running several servers in one process do not share
// counts): requests by route and status, latency histograms by route and
// backend, queue depth, renders refused by reason, GL fallbacks, renderers
// recycled, and the template cache's hits and misses. `/metrics` emits the
// registry as Prometheus text.
//
// Rejected: bootstrapping swift-metrics' global MetricsSystem (once per
// process: a second server, or a test, could not have its own).
import Prometheus

/// The metrics of one server.
final class ServeMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()

  private static let latencyBuckets: [Duration] = [
    .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
    .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
  ]

  private func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
    MetricNameDescriptor(namespace: "lamina", metricName: metric, unitName: unit, helpText: help)
  }

  /// Counts a request answered.
  func request(route: String, status: Int, backend: String, duration: Duration) {
    registry.makeCounter(
      descriptor: name("http_requests", "total", "HTTP requests answered, by route and status"),
      labels: [("route", route), ("status", String(status))]
    ).increment()
    registry.makeDurationHistogram(
      descriptor: name("http_request_duration", "seconds", "Time to answer a request, by route and backend"),
      labels: [("route", route), ("backend", backend)], buckets: Self.latencyBuckets
    ).record(duration)
  }

  /// Sets the number of renders waiting for a worker.
  func queueDepth(_ depth: Int) {
    registry.makeGauge(descriptor: name("render_queue", "depth", "Renders waiting for a worker"))
      .set(Double(depth))
  }

  /// Counts a render refused or abandoned: `queue_full`, `memory`, `deadline`.
  func refused(_ reason: String) {
    registry.makeCounter(
      descriptor: name("renders_refused", "total", "Renders refused or abandoned, by reason"),
      labels: [("reason", reason)]
    ).increment()
  }

  /// Counts a render (or a renderer's start) that GL failed and the CPU drew.
  func glFallback() {
    registry.makeCounter(
      descriptor: name("gl_fallbacks", "total", "Renders GL failed (or GL could not start) and the CPU drew instead")
    ).increment()
  }

  /// Counts a worker's renderers replaced after a render outlived its deadline.
  func rendererRecycled() {
    registry.makeCounter(
      descriptor: name("renderers_recycled", "total", "Renderers replaced after a render outlived its deadline")
    ).increment()
  }

  /// Counts a template request answered from the cache (or not).
  func cache(hit: Bool) {
    registry.makeCounter(
      descriptor: name("template_cache", hit ? "hits_total" : "misses_total", "Template renders served from the cache (hits) or drawn (misses)")
    ).increment()
  }

  /// The Prometheus text exposition.
  func text() -> [UInt8] { registry.emitToBuffer() }
}
