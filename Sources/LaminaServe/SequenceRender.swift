// SequenceRender: an animated response (APNG, MP4, WebM, GIF) written by
// the library's SequenceWriter into a temporary folder of the server's own
// naming (`out.apng`, `out.mp4`, …: no request text reaches a path or
// ffmpeg's command line), read back and removed. The renderer is wrapped
// so that a sequence whose request passed its deadline stops at the next
// frame instead of drawing the rest for nobody.
//
// Rejected: piping ffmpeg's output to the response (MP4 needs a seekable
// file for its index, and an error mid-stream could no longer be a JSON 4xx).
import Foundation
import Hummingbird
import Lamina
import LaminaBackends

extension DocumentRender {
  /// The scene's whole sequence, encoded as `format`.
  static func sequence(
    _ scene: Scene, scale: Double?, format: OutputFormat, frames: Int, _ renderer: BackendRenderer,
    _ ticket: RenderTicket
  ) throws(ServeError) -> RenderedOutput {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-serve-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      throw ServeError(.internalServerError, "cannot make a temporary folder: \(error)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out." + format.rawValue).path
    let writer = SequenceWriter(renderer: StoppableRenderer(renderer, ticket))
    writer.scale = scale
    do {
      try writer.write(scene, to: path, frames: 0...(frames - 1))
    } catch {
      // ffmpeg missing or failing is the server's problem; a frame that cannot be drawn is the document's.
      throw ServeError(error.kind == .encoder ? .serviceUnavailable : .badRequest, "\(error)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ServeError(.internalServerError, "the encoder wrote no output")
    }
    return RenderedOutput(bytes: [UInt8](data), contentType: format.contentType, backend: renderer.used)
  }
}

/// A renderer that refuses to draw once its request stopped waiting.
final class StoppableRenderer: IncrementalRenderer {
  private let renderer: BackendRenderer
  private let ticket: RenderTicket

  init(_ renderer: BackendRenderer, _ ticket: RenderTicket) {
    self.renderer = renderer
    self.ticket = ticket
  }

  struct Abandoned: Error, CustomStringConvertible {
    var description: String { "abandoned at its deadline" }
  }

  func render(_ plan: RenderPlan) throws -> Image {
    if ticket.isAbandoned { throw Abandoned() }
    return try renderer.render(plan)
  }

  func renderFrame(_ plan: RenderPlan) throws -> Image {
    if ticket.isAbandoned { throw Abandoned() }
    return try renderer.renderFrame(plan)
  }

  var lastDamage: PlanDamage? { renderer.lastDamage }

  func forgetFrame() { renderer.forgetFrame() }
}
