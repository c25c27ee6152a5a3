// Gradient layers on LaminaGL: the closed-form cases of LaminaTestSupport's
// GradientChecks, evaluated in gradient.frag (LaminaCPU runs the same
// cases in GradientTests); a gradient with more stops than one draw takes
// against the CPU under `glParity`; and the shader's variants under
// perspective and clips against the CPU. The corpus scenes
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
}
