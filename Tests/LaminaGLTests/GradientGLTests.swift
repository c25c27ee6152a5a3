// Gradient layers on LaminaGL: the closed-form cases of LaminaTestSupport's
// GradientChecks, evaluated in gradient.frag (LaminaCPU runs the same
// cases in GradientTests); a gradient with more stops than one draw takes
// against the CPU under `glParity`; the shader's variants under
// perspective and clips against the CPU; and 200,000 stops (issue 31: a
// gradient with more than 16 stops was drawn in a draw per run of 16, each
// over every pixel, 7.9 s for 10⁵ stops on 600×300 pixels; its stops are
// now a texture the shader searches) against the CPU, in bounded time. The corpus scenes
// (Tests/Scenes/gradient-*.json) are compared with the CPU goldens by
// CorpusParityTests.
import Lamina
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("Gradients on GL", requiresGL)
struct GradientGLTests {
  @Test(arguments: GradientChecks.all.map(\.name))
  func pixelsMatchTheClosedForm(_ name: String) throws {
    let failures = try GradientChecks.failures(named: name, in: GradientChecks.all) { try GLRenderer().render(try $0.renderPlan()) }
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
  }

  /// Every type, under perspective, a rotation and nested rounded clips,
  /// with 1, 16, 17 and 40 stops: GL against the CPU.
  @Test(arguments: GradientType.allCases)
  func variantsMatchTheCPU(_ type: GradientType) throws {
    for count in [2, 16, 17, 40] {
      let clip = Layer()
      clip.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
      clip.cornerRadius = 30
      clip.masksToBounds = true
      clip.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
      let g = GradientLayer()
      g.frame = CGRect(x: 10, y: 10, width: 120, height: 80)
      g.cornerRadius = 12
      g.cornerCurve = .continuous
      g.type = type
      g.startPoint = CGPoint(x: 0.37, y: 0.41)
      g.endPoint = CGPoint(x: 0.93, y: 0.77)
      g.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
        .concatenating(Transform3D(perspective: 300))
      let palette: [Color] = [.red, .green, .blue, .white, .black, Color(red: 1, green: 0.6, blue: 0, alpha: 0.5)]
      g.colors = (0..<count).map { palette[$0 % palette.count] }
      // Uneven, with a hard stop in the middle.
      var locations = (0..<count).map { (Double($0) / Double(max(1, count - 1))).squareRoot() }
      if count > 2 { locations[count / 2] = locations[count / 2 - 1] }
      g.locations = locations
      try clip.addSublayer(g)
      let scene = Scene(canvas: Canvas(width: 160, height: 120, background: Color(red: 0.95, green: 0.95, blue: 0.97)), layers: [clip])
      let plan = try scene.renderPlan()
      let gl = try GLRenderer().render(plan), cpu = CPURenderer().render(plan)
      if let failure = ImageExpectation.check(
        gl, against: cpu, tolerance: .glParity, name: "gradient-\(type)-\(count)")
      {
        Issue.record(Comment(rawValue: failure))
      }
    }
  }

  /// 200,000 stops over 600×300 pixels, every type:
  /// GL against the CPU within `glParity`, each in seconds (a draw per run
  /// of 16 stops took 16 s here for one).
  @Test(arguments: GradientType.allCases)
  func manyStopsMatchTheCPUQuickly(_ type: GradientType) throws {
    let n = 200_000
    let g = GradientLayer()
    g.frame = CGRect(x: 0, y: 0, width: 600, height: 300)
    g.type = type
    g.startPoint = type == .axial ? CGPoint(x: 0, y: 0) : CGPoint(x: 0.5, y: 0.5)
    g.endPoint = CGPoint(x: 1, y: 1)
    // Smooth waves (hard edges would put Float32's t against Double's at
    // each of them), each stop a colour of its own.
    g.colors = (0..<n).map { i in
      let x = Double(i) / Double(n) * 2 * .pi
      return Color(red: 0.5 + 0.5 * sin(7 * x), green: 0.5 + 0.5 * sin(11 * x + 1), blue: 0.5 + 0.5 * sin(3 * x + 2),
        alpha: 0.75 + 0.25 * sin(5 * x))
    }
    var locations = (0..<n).map { Double($0) / Double(n - 1) }
    locations[n / 2] = locations[n / 2 - 1]  // a hard stop
    g.locations = locations
    let scene = Scene(canvas: Canvas(width: 600, height: 300), layers: [g])
    let plan = try scene.renderPlan()
    let renderer = try GLRenderer()
    _ = try renderer.render(try Scene(canvas: Canvas(width: 8, height: 8), layers: []).renderPlan())  // programs, context
    let started = ContinuousClock.now
    let gl = try renderer.render(plan)
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(5), "\(elapsed)")
    let cpu = CPURenderer().render(plan)
    if let failure = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "gradient-\(type)-\(n)-stops") {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
