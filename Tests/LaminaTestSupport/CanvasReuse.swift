// CanvasReuse: what both backends' `render` must show about reusing the
// pixels of frames they returned (Lamina's `Canvases`):
// - a frame the caller let go of lends its storage to a later frame (the
//   point of it: no 8 MB canvas allocated and faulted in per 1080p frame);
// - that frame's bytes are a fresh renderer's, so nothing of the old
//   frame shows through (the old frame is opaque red, the new one mostly
//   transparent, so a pixel left unwritten fails);
// - an image the caller still holds, or a pixel array taken from one, is
//   never written.
import Foundation
import Lamina

public enum CanvasReuse {
  /// An opaque red canvas, and a transparent one with a small green card:
  /// every pixel of the second differs from the first.
  static let red = PlanFixtures.plan(
    37, 23, background: PremultipliedColor(r: 1, g: 0, b: 0, a: 1),
    [PlanFixtures.roundedRect(CGRect(x: 3, y: 2, width: 9, height: 7), color: PremultipliedColor(r: 0, g: 0, b: 1, a: 1))])
  static let clear = PlanFixtures.plan(
    37, 23,
    [
      PlanFixtures.roundedRect(
        CGRect(x: 30, y: 15, width: 5.5, height: 6), color: PremultipliedColor(r: 0, g: 0.5, b: 0, a: 0.5))
    ])

  /// What went wrong, empty when nothing did. `makeRenderer` makes a
  /// renderer; `render` draws a plan with it.
  public static func failures<R>(_ makeRenderer: () throws -> R, render: (R, RenderPlan) throws -> Image) throws
    -> [String]
  {
    var failures: [String] = []
    func address(_ image: Image) -> UnsafeRawPointer? {
      image.pixels.withUnsafeBytes { $0.baseAddress }
    }
    // The truth: each plan on a renderer of its own, copied out.
    let redBytes = Array(try render(try makeRenderer(), red).pixels[...])
    let clearBytes = Array(try render(try makeRenderer(), clear).pixels[...])
    guard redBytes[0...3] == [255, 0, 0, 255], clearBytes[0...3] == [0, 0, 0, 0] else {
      return ["the fixtures do not draw as planned: \(redBytes[0...3]) and \(clearBytes[0...3])"]
    }

    let renderer = try makeRenderer()
    let held = try render(renderer, red)
    var dropped: Image? = try render(renderer, clear)
    let droppedAddress = dropped.map(address)
    dropped = nil
    // `held` is still referenced: the next frame must take the dropped one's storage.
    let reused = try render(renderer, red)
    if address(reused) != droppedAddress { failures.append("a frame the caller let go of was not reused") }
    if address(reused) == address(held) { failures.append("a held frame's storage was drawn into") }
    if reused.pixels != redBytes { failures.append("a frame drawn over an old one differs from a fresh render") }
    if held.pixels != redBytes { failures.append("a frame the caller holds changed") }

    // An array taken from a frame outlives it: writing must not reach it.
    var taken: [UInt8] = []
    do {
      var next: Image? = try render(renderer, clear)
      taken = next!.pixels
      next = nil
    }
    for _ in 0..<3 {
      let frame = try render(renderer, red)
      if frame.pixels != redBytes { failures.append("a frame over a kept array differs from a fresh render") }
    }
    if taken != clearBytes { failures.append("a pixel array the caller kept changed") }
    if held.pixels != redBytes || reused.pixels != redBytes { failures.append("a held frame changed later") }

    // The other way round: a mostly transparent frame over red storage.
    _ = try render(renderer, red)
    if try render(renderer, clear).pixels != clearBytes {
      failures.append("a transparent frame drawn over an opaque one differs from a fresh render")
    }
    return failures
  }
}
