// TextWarnings: rendering a text layer whose font matches nothing calls
// the process-wide handler once per distinct warning, naming the font and
// the layer; a font that is found calls nothing. The lowering (RenderPlan)
// is what every renderer runs, so no pixels are drawn here.
//
// The handler is global and other suites render text in parallel, so the
// tests keep only messages with their own font or layer names (made unique
// per run, since each warning is reported once per process) and put the
// previous handler back.
//
// Rejected: checking standard error (the default handler's output) from
// inside the test process (the process's descriptor 2 is shared with the
// test runner and every parallel test).

import Foundation
import Synchronization
import Testing

@testable import Lamina

@Suite(.serialized) struct TextWarningsTests {
  /// Messages received while `body` ran that contain `needle`.
  func messages(containing needle: String, _ body: () throws -> Void) rethrows -> [String] {
    let received = Mutex<[String]>([])
    let saved = TextWarnings.handler
    TextWarnings.handler = { message in
      if message.contains(needle) { received.withLock { $0.append(message) } }
    }
    defer { TextWarnings.handler = saved }
    try body()
    return received.withLock { $0 }
  }

  func scene(_ layers: [(name: String, font: String)]) throws -> Layer {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
    for (i, l) in layers.enumerated() {
      let text = TextFonts.layer("Hello", font: l.font, size: 12, width: 200, height: 20)
      text.name = l.name
      text.position = CGPoint(x: 100, y: 10 + 20 * Double(i))
      text.foregroundColor = .white
      try root.addSublayer(text)
    }
    return root
  }

  @Test func aMissingFontIsReportedOnceNamingTheFontAndTheLayer() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let font = "LaminaMissing\(UInt32.random(in: 0...UInt32.max))"
    let root = try scene([("title", font), ("subtitle", font)])
    let got = try messages(containing: font) {
      // Two layers with the font, drawn in three frames: one warning.
      for _ in 0..<3 { _ = try RenderPlan(root: root, size: CGSize(width: 200, height: 100)) }
    }
    #expect(got.count == 1, "\(got)")
    #expect(got.first?.contains("font \"\(font)\" was not found; using ") == true, "\(got)")
    #expect(got.first?.contains("'title'") == true, "\(got)")
  }

  @Test func aFoundFontReportsNothing() throws {
    guard TextFonts.require([TextFonts.liberationSans]) else { return }
    let name = "found\(UInt32.random(in: 0...UInt32.max))"
    let root = try scene([(name, "Helvetica-Bold"), (name, "Helvetica Bold"), (name, "DejaVu Sans")])
    let got = try messages(containing: name) {
      _ = try RenderPlan(root: root, size: CGSize(width: 200, height: 100))
    }
    #expect(got == [])
  }

  @Test func eachDistinctWarningReachesTheHandlerOnceAndIgnoreSilences() {
    let text = "lamina-test-\(UInt32.random(in: 0...UInt32.max))"
    let got = messages(containing: text) {
      TextWarnings.report([text, text]) { "here" }
      TextWarnings.report([text]) { "there" }
      TextWarnings.report([text + "-second"]) { "there" }
    }
    #expect(got == ["here: \(text)", "there: \(text)-second"])
    let silenced = messages(containing: text) {
      TextWarnings.handler = TextWarnings.ignore
      TextWarnings.report([text + "-third"]) { "here" }
    }
    #expect(silenced == [])
  }
}
