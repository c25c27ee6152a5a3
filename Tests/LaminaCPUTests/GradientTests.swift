// Gradient layers on LaminaCPU: the closed-form cases of
// LaminaTestSupport's GradientChecks (t of each type, straight-alpha
// interpolation, hard stops, clamping, the degenerate cases, fading, the
// rounded bounds, the shadow's and the mask's alpha, more stops than one GL
// draw takes), and where the lowering puts the gradient among a layer's
// draws. LaminaGL runs the same cases (GradientGLTests).
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct GradientTests {
  @Test(arguments: GradientChecks.all.map(\.name))
  func pixelsMatchTheClosedForm(_ name: String) throws {
    let failures = try GradientChecks.failures(named: name, in: GradientChecks.all) { CPURenderer().render(try $0.renderPlan()) }
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
  }

  /// The checks can fail: the same scenes with the gradient turned a
  /// quarter turn, or interpolated in premultiplied space (white to clear
  /// black would stay white as it fades), miss their probes.
  @Test func theChecksRefuseAWrongGradient() throws {
    var missed = 0
    for c in GradientChecks.all {
      let copy = RandomTrees.copy(c.scene)
      for l in allLayers(copy.root) {
        guard let g = l as? GradientLayer else { continue }
        (g.startPoint, g.endPoint) = (CGPoint(x: g.startPoint.y, y: g.startPoint.x), CGPoint(x: g.endPoint.y, y: g.endPoint.x))
      }
      if !GradientChecks.failures(of: c, in: CPURenderer().render(try copy.renderPlan())).isEmpty { missed += 1 }
    }
    // Turned, every case whose gradient varies across its probes must fail
    // (the degenerate and hard-stop ones are symmetric or one colour).
    #expect(missed >= GradientChecks.all.count - 3, "\(missed) of \(GradientChecks.all.count)")
    // Premultiplied interpolation, drawn as Chromium would: white over
    // transparent half-way is (128, 128, 128, 128), not the grey (64, …, 128).
    let c = try #require(GradientChecks.all.first { $0.name == "white to clear" })
    let premultipliedGrey = Image(
      width: 100, height: 4, premultipliedPixels: [UInt8](repeating: 128, count: 100 * 4 * 4))
    #expect(!GradientChecks.failures(of: c, in: premultipliedGrey).isEmpty)
  }

  /// Background, then the gradient (step 3, in place of contents), then the
  /// sublayers, then the border; an opaque gradient hides the background,
  /// and under an opaque border its outline is pulled in by half the width.
  @Test func theLoweringDrawsTheGradientInPlaceOfContents() throws {
    let g = GradientLayer()
    g.name = "g"
    g.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
    g.colors = [Color(red: 1, green: 0, blue: 0, alpha: 0.5), .blue]
    g.backgroundColor = .white
    g.borderWidth = 4
    let child = Layer()
    child.frame = CGRect(x: 5, y: 5, width: 5, height: 5)
    child.backgroundColor = .green
    try g.addSublayer(child)
    func kinds(_ plan: RenderPlan) -> [String] {
      plan.surfaces[0].commands.map {
        switch $0 {
        case .roundedRect(let s): s.border == nil ? "fill" : "ring"
        case .gradient: "gradient"
        case .image: "image"
        case .shadow: "shadow"
        case .composite: "composite"
        case .path: "path"
        }
      }
    }
    let scene = Scene(canvas: Canvas(width: 40, height: 20), layers: [g])
    var plan = try scene.renderPlan()
    #expect(kinds(plan) == ["fill", "gradient", "fill", "ring"])
    guard case .gradient(let d) = plan.surfaces[0].commands[1] else { return }
    // Pulled in by half the opaque border, as the background is.
    #expect(d.shape.rect == CGRect(x: 2, y: 2, width: 36, height: 16))
    #expect(d.clips.isEmpty && d.opacity == 1)
    // Opaque stops hide the background.
    g.colors = [.red, .blue]
    plan = try scene.renderPlan()
    #expect(kinds(plan) == ["gradient", "fill", "ring"])
    // One colour, or a zero-length axis, is a plain fill.
    g.colors = [.red]
    plan = try scene.renderPlan()
    #expect(kinds(plan) == ["fill", "fill", "ring"])
    g.colors = [.red, .blue]
    g.endPoint = g.startPoint
    plan = try scene.renderPlan()
    #expect(kinds(plan) == ["fill", "fill", "ring"])
    // No colours: only the background, the sublayer and the border.
    g.colors = []
    plan = try scene.renderPlan()
    #expect(kinds(plan) == ["fill", "fill", "ring"])
    // A gradient-only layer with a shadow casts it from its content (a group).
    let h = GradientLayer()
    h.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
    h.colors = [.red, .clear]
    h.shadowOpacity = 0.5
    #expect(kinds(try Scene(canvas: Canvas(width: 40, height: 20), layers: [h]).renderPlan()) == ["composite"])
  }
}
