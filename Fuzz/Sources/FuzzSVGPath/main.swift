// libFuzzer target: the SVG path parser, then the geometry that consumes
// parsed paths (bounding box, flattening). Any text must parse or throw a
// `PathParseError` whose offset lies within the text.
import FuzzDriver
import Lamina

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSVGPath(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  do {
    let path = try Path(svg: text)
    _ = path.boundingBox
    // Flattening is bounded by `maximumSegmentsPerCurve`; keep inputs with
    // many curves from dominating the run by flattening small paths only.
    if path.elements.count <= 64 { _ = path.flattened(tolerance: 0.25) }
  } catch {
    precondition(error.offset >= 0 && error.offset <= text.unicodeScalars.count + 1,
      "error offset \(error.offset) outside the text")
    precondition(!error.message.isEmpty)
  }
  return 0
}

// The driver runs from here with the command line. The function is also
// exported as `LLVMFuzzerTestOneInput`, which libFuzzer's own `main`
// (linked from its archive) refers to.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzSVGPath(data, count) })
