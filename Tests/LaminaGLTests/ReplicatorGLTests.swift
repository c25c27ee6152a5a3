// Replicator layers on LaminaGL: the pairs and probes of LaminaTestSupport's
// ReplicatorChecks, as LaminaCPU's ReplicatorTests runs them (a replicator
// against its copies written out, byte for byte; instance colours, tinted
// contents through image.frag's TINT variant, nested replicators and no
// copies against closed forms), and every replicator check scene against
// the CPU under `glParity`, tinted contents under a rotation and a clip
// (the full image shader) included.
import Lamina
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("Replicators on GL", requiresGL)
struct ReplicatorGLTests {
  @Test(arguments: ReplicatorChecks.pairs.map(\.name))
  func aReplicatorDrawsAsItsCopiesWrittenOut(_ name: String) throws {
    let pair = try #require(ReplicatorChecks.pairs.first { $0.name == name })
    let a = try GLRenderer().render(try pair.replicated.renderPlan())
    let b = try GLRenderer().render(try pair.explicit.renderPlan())
    #expect(a.pixels == b.pixels, "\(name): the replicator and its copies written out differ")
    if let failure = ImageExpectation.check(
      a, against: CPURenderer().render(try pair.replicated.renderPlan()), tolerance: .glParity,
      name: "replicator-\(name)")
    {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test(arguments: ReplicatorChecks.cases.map(\.name))
  func pixelsMatchTheClosedForm(_ name: String) throws {
    let failures = try GradientChecks.failures(named: name, in: ReplicatorChecks.cases) { try GLRenderer().render(try $0.renderPlan()) }
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
  }

  /// Tinted contents drawn by the full shader (a rotation, a rounded clip)
  /// and by the interior variant (a scale), against the CPU.
  @Test func tintedContentsMatchTheCPU() throws {
    let scene = ReplicatorChecks.scene(
      ##"""
      { "canvas": { "width": 160, "height": 120, "background": "#FFFFFF" }, "layers": [
        { "type": "replicatorLayer", "frame": [10, 10, 140, 100], "instanceCount": 3,
          "instanceTransform": "translateX(45px) rotate(12deg)", "instanceColor": [1, 0.7, 0.4, 1],
          "instanceRedOffset": -0.3, "instanceBlueOffset": 0.3, "masksToBounds": true, "cornerRadius": 20,
          "sublayers": [ { "frame": [4, 20, 36, 36], "contents": {"linearGradient": {"size": [64, 64],
            "colors": ["#FFFFFF", "#20C0F0", "#F02080"]}} },
            { "frame": [4, 64, 30, 30], "contents": {"checkerboard": {"size": [16, 16], "cell": 4,
            "colors": ["#FFFFFF", "#000000"]}}, "transform": "scale(1.5)" } ] } ] }
      """##)
    let gl = try GLRenderer().render(try scene.renderPlan())
    let cpu = CPURenderer().render(try scene.renderPlan())
    if let failure = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "replicator-tinted-contents") {
      Issue.record(Comment(rawValue: failure))
    }
    // Tinted: not the white of the untinted checkerboard's white cells anywhere in copy 1.
    let plain = RandomTrees.copy(scene)
    (plain.layers[0] as? ReplicatorLayer)?.instanceColor = .white
    (plain.layers[0] as? ReplicatorLayer)?.instanceRedOffset = 0
    (plain.layers[0] as? ReplicatorLayer)?.instanceBlueOffset = 0
    #expect(try GLRenderer().render(try plain.renderPlan()).pixels != gl.pixels, "the tint changed nothing")
  }
}
