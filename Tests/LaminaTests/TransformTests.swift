import Testing
@testable import Lamina

@Suite struct TransformTests {
  @Test func inverseRoundTrips() throws {
    let t = Transform3D(perspective: 500).rotated(by: 0.7, x: 0, y: 1, z: 0).translatedBy(x: 3, y: -2, z: 5)
    let inv = try #require(t.inverted)
    let p = t.concatenating(inv)
    for (a, b) in zip(p.values, Transform3D.identity.values) { #expect(abs(a - b) < 1e-12) }
  }
}
