// The README's Swift example, compiled and run, so it cannot rot; and the
// scene beside it, which must draw the same picture.
import Lamina
import LaminaCPU
import Testing
import LaminaTestSupport

private typealias F = PlanFixtures

@Suite struct ReadmeExampleTests {
  @Test func swiftExampleDrawsWhatTheSceneDraws() throws {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
    let card = Layer()
    card.name = "card"
    card.frame = CGRect(x: 40, y: 40, width: 200, height: 120)
    card.backgroundColor = .white
    card.cornerRadius = 20
    card.shadowOpacity = 0.5
    card.shadowOffset = CGSize(width: 0, height: 5)
    card.shadowRadius = 5
    try root.addSublayer(card)
    let badge = Layer()
    badge.name = "badge"
    badge.frame = CGRect(x: 150, y: -10, width: 60, height: 60)
    badge.backgroundColor = Color(hex: "#FF3B30")
    badge.cornerRadius = 30
    try card.addSublayer(badge)

    let plan = try RenderPlan(
      root: root, size: root.bounds.size, scale: 2, background: Color(hex: "#F2F2F7"))
    let image = CPURenderer().render(plan)

    let json = """
      {
        "canvas": { "width": 300, "height": 200, "scale": 2, "background": "#F2F2F7" },
        "layers": [
          { "name": "card", "frame": [40, 40, 200, 120], "backgroundColor": "#FFFFFF",
            "cornerRadius": 20, "shadowOpacity": 0.5, "shadowOffset": [0, 5], "shadowRadius": 5,
            "sublayers": [
              { "name": "badge", "frame": [150, -10, 60, 60], "backgroundColor": "#FF3B30",
                "cornerRadius": 30 } ] } ]
      }
      """
    let scene = try Scene(jsonData: Array(json.utf8))
    let fromScene = CPURenderer().render(try scene.renderPlan())
    #expect(image.width == 600 && image.height == 400)
    #expect(image.pixels == fromScene.pixels)
    // The card's centre is white; the canvas corner is the background.
    #expect(image.pixel(x: 280, y: 200) == (255, 255, 255, 255))
    #expect(image.pixel(x: 2, y: 2) == (0xF2, 0xF2, 0xF7, 255))
  }
}
