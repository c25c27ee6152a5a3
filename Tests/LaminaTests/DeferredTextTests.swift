// Text layers' draws made together after the walk (TextEmitter.swift,
// PendingDraws.swift): a tree's plan holds each layer's draws as that
// layer lowered alone makes them, in the walk's order, whatever mix of
// texts and strokes is pending; a text whose glyphs all fall outside the
// canvas leaves no draw; a shadowed text's group is sized by its glyphs;
// of several texts and strokes that cannot be drawn, the first in the
// walk's order is named.
import Foundation
import Testing

@testable import Lamina

@Suite struct DeferredTextTests {
  static let size = CGSize(width: 600, height: 300)

  /// The layers of the tree, made afresh on each call (a layer has one parent).
  static func layers() throws -> [Layer] {
    func text(_ s: String, _ font: String, frame: CGRect, size: Double = 14) -> TextLayer {
      let layer = TextFonts.layer(s, font: font, size: size, width: frame.width, height: frame.height)
      layer.position = CGPoint(x: frame.midX, y: frame.midY)
      layer.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.2)
      layer.isWrapped = true
      return layer
    }
    let latin = text(
      "Deferred text keeps its place among the draws.", TextFonts.dejaVuSans,
      frame: CGRect(x: 10, y: 10, width: 180, height: 60))
    let stroke = try DeferredStrokeTests.shape("M 5 5 C 20 60 40 -20 55 50", x: 200)
    // Turned: its glyphs are filled from outlines, not glyph coverages.
    let turned = text("汉字排版的测试，包括标点符号。", TextFonts.wenQuanYi, frame: CGRect(x: 280, y: 20, width: 150, height: 80))
    turned.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
    // Its bounds reach the canvas, its glyphs do not: no draw.
    let outside = text("far left", TextFonts.dejaVuSans, frame: CGRect(x: -400, y: 120, width: 420, height: 40))
    outside.isWrapped = false
    let emptyStroke = try DeferredStrokeTests.shape("M 5 30 L 55 30", x: 450, dashes: [0, 8])
    let twoColours = TextLayer()
    twoColours.frame = CGRect(x: 10, y: 180, width: 400, height: 60)
    twoColours.font = TextFonts.dejaVuSans
    twoColours.fontSize = 18
    twoColours.string = TextContent.attributed([
      TextRun("red ", foregroundColor: Color(red: 1, green: 0, blue: 0)),
      TextRun("blue", foregroundColor: Color(red: 0, green: 0, blue: 1)),
    ])
    let background = Layer()
    background.frame = CGRect(x: 450, y: 150, width: 100, height: 100)
    background.backgroundColor = Color(red: 0.2, green: 0.8, blue: 0.2)
    return [latin, stroke, turned, outside, emptyStroke, twoColours, background]
  }

  static func plan(_ layers: [Layer], limits: RenderLimits = .default) throws -> RenderPlan {
    let root = Layer()
    root.frame = CGRect(origin: .zero, size: size)
    for layer in layers { try root.addSublayer(layer) }
    return try RenderPlan(root: root, size: size, limits: limits)
  }

  @Test func aTreesDrawsAreEachLayersAloneInTheWalksOrder() throws {
    guard TextFonts.require([TextFonts.dejaVuSans, TextFonts.wenQuanYi]) else { return }
    let whole = try Self.plan(try Self.layers())
    var alone: [[DrawCommand]] = []
    for i in 0..<7 { alone.append(try Self.plan([try Self.layers()[i]]).surfaces[0].commands) }
    #expect(whole.surfaces.count == 1)
    #expect(whole.surfaces[0].commands == alone.flatMap { $0 })
    // The texts drew (the turned one from outlines, the two-colour one in two
    // runs); the outside text and the empty dashes left nothing.
    #expect(!alone[0].isEmpty && !alone[2].isEmpty && alone[5].count >= 2)
    // A text's draws in its runs' order: the red run's, then the blue run's.
    let runs = DeferredStrokeTests.paths(alone[5]).map(\.color)
    #expect(runs.first.map { $0.r > 0.9 && $0.b < 0.1 } == true && runs.last.map { $0.b > 0.9 && $0.r < 0.1 } == true)
    #expect(alone[3].isEmpty && alone[4].isEmpty)
    let turned = DeferredStrokeTests.paths(alone[2])
    #expect(!turned.isEmpty && turned.allSatisfy { $0.glyphPlacements() == nil && $0.polygonCount > 0 })
    #expect(DeferredStrokeTests.paths(alone[0]).allSatisfy { $0.glyphPlacements() != nil })
  }

  /// A shadowed text is a group sized by what it draws: its glyphs.
  @Test func aShadowedTextsGroupHoldsItsGlyphs() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let text = TextFonts.layer("Shadowed", font: TextFonts.dejaVuSans, size: 24, width: 200, height: 40)
    text.position = CGPoint(x: 120, y: 60)
    text.foregroundColor = Color(red: 0, green: 0, blue: 0)
    text.shadowOpacity = 0.5
    text.shadowRadius = 3
    let plan = try Self.plan([text])
    #expect(plan.surfaces.count == 2)
    let group = plan.surfaces[1]
    let glyphs = DeferredStrokeTests.paths(group.commands)
    #expect(!glyphs.isEmpty && glyphs.allSatisfy { $0.polygonCount > 0 })
    // The group spans the word's ink: wider than tall, about 100 pixels wide.
    #expect(group.width > 90 && group.width < 200 && group.height > 15 && group.height < 60, "\(group.width)×\(group.height)")
  }

  /// Too many visible edges for the limits: of a text and a stroke that both
  /// fail, the error names whichever the walk met first.
  @Test func theFirstTextOrStrokeThatCannotBeDrawnIsNamed() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let limits = RenderLimits(maxShapeEdges: 40)
    func text() -> TextLayer {
      let layer = TextFonts.layer("Too many edges here", font: TextFonts.dejaVuSans, size: 20, width: 300, height: 40)
      layer.position = CGPoint(x: 160, y: 40)
      layer.foregroundColor = Color(red: 0, green: 0, blue: 0)
      layer.name = "wordy"
      return layer
    }
    func stroke() throws -> ShapeLayer {
      let layer = try DeferredStrokeTests.shape("M 5 5 C 20 60 40 -20 55 50 C 80 0 90 90 5 5", x: 350)
      layer.name = "curly"
      return layer
    }
    #expect {
      _ = try Self.plan([text(), try stroke()], limits: limits)
    } throws: { "\($0)".contains("wordy") && "\($0)".contains("RenderLimits.maxShapeEdges") }
    #expect {
      _ = try Self.plan([try stroke(), text()], limits: limits)
    } throws: { "\($0)".contains("curly") && !"\($0)".contains("wordy") }
  }
}
