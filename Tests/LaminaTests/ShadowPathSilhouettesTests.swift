// `shadowPath` silhouettes kept across lowerings (Lowering/ShadowPathSilhouettes):
// a frame in which only another layer moves lowers the shadowed layer to
// the same image object, so the damage rule leaves its shadow alone (a
// new image per frame, as before, damaged it in every frame); a moved
// shadow gets a new image; the kept bytes stay within the budget.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("shadowPath silhouettes")
struct ShadowPathSilhouettesTests {
  /// A 300×200 canvas: a card with an elliptical shadowPath at `shadowed`,
  /// and a plain card at `other`.
  static func scene(shadowed: Double, other: Double) -> Scene {
    let card = Layer()
    card.frame = CGRect(x: shadowed, y: 40, width: 80, height: 60)
    card.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.8, alpha: 1)
    card.shadowOpacity = 0.8
    card.shadowRadius = 6
    card.shadowPath = Path(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 60))
    let plain = Layer()
    plain.frame = CGRect(x: other, y: 130, width: 40, height: 30)
    plain.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
    return Scene(canvas: Canvas(width: 300, height: 200, background: .white), layers: [card, plain])
  }

  static func silhouettes(_ plan: RenderPlan) -> [Image] {
    plan.surfaces.flatMap(\.commands).compactMap {
      if case .image(let d) = $0, d.header.name == "shadowPath" { return d.image }
      return nil
    }
  }

  @Test func anUnchangedShadowKeepsItsImageAndIsNotDamaged() throws {
    let a = try Self.scene(shadowed: 30, other: 150).renderPlan()
    let b = try Self.scene(shadowed: 30, other: 190).renderPlan()
    let (sa, sb) = (Self.silhouettes(a), Self.silhouettes(b))
    #expect(sa.count == 1 && sb.count == 1)
    #expect(sa.first === sb.first, "the same silhouette lowered twice is one image")
    var next = PlanDigest(b)
    let d = PlanDamage.between(PlanDigest(a), &next)
    #expect(!d.isEverything)
    // The shadowed card and its shadow (x 30…110, y 40…100, blurred 6 pt) are
    // untouched; the plain card's old and new places are damaged.
    #expect(!d.intersects(PixelRect(x0: 20, y0: 30, x1: 120, y1: 110)))
    #expect(d.intersects(PixelRect(x0: 150, y0: 130, x1: 190, y1: 160)))
    #expect(d.intersects(PixelRect(x0: 190, y0: 130, x1: 230, y1: 160)))
  }

  @Test func aMovedShadowByAFractionGetsANewImage() throws {
    let a = try Self.scene(shadowed: 30, other: 150).renderPlan()
    let b = try Self.scene(shadowed: 30.25, other: 150).renderPlan()
    let (sa, sb) = (Self.silhouettes(a), Self.silhouettes(b))
    #expect(sa.count == 1 && sb.count == 1)
    #expect(sa.first !== sb.first)
    #expect(sa.first?.pixels != sb.first?.pixels, "a quarter-pixel move changes the coverage")
  }

  @Test func keptBytesStayWithinTheBudget() throws {
    for x in 0..<40 { _ = try Self.scene(shadowed: 10 + Double(x) * 0.37, other: 150).renderPlan() }
    let kept = ShadowPathSilhouettes.kept
    #expect(kept.count > 0)
    #expect(kept.bytes <= ShadowPathSilhouettes.budgetBytes)
  }
}
