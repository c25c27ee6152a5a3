// libFuzzer target: the scene loader. Any bytes must either load or throw
// `SceneErrors` whose every error has a message of bounded length and a
// place (a JSON path, or a line and column); nothing may trap, hang or
// leak. Images resolve against a folder that does not exist, so file
// references fail as "cannot read" instead of touching the disk.
//
// Limits are small (1024 px a side, 4 MiB) so that generated images stay
// cheap and the fuzzer spends its time on the parser and decoder, not on
// filling large buffers.
import FuzzDriver
import Lamina

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzScene(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  let limits = RenderLimits(maxDimension: 1024, maxPixelBytes: 4 << 20)
  do {
    let scene = try Scene(jsonData: bytes, baseDirectory: "/nonexistent-lamina-fuzz", limits: limits)
    _ = scene.layers.count
  } catch {
    precondition(!error.errors.isEmpty, "SceneErrors without an error")
    for e in error.errors {
      precondition(!e.message.isEmpty, "an error without a message at \(e.path)")
      // Values are quoted by a prefix and their length (Excerpt): a message
      // never grows with the value it quotes.
      precondition(e.description.utf8.count <= 1 << 16, "an error of \(e.description.utf8.count) bytes")
      // Every error says where: a JSON path, or a line and column.
      precondition(!e.path.isEmpty || e.line > 0, "an error that says nowhere: \(e.message)")
    }
  }
  return 0
}

// The driver runs from here with the command line. The function is also
// exported as `LLVMFuzzerTestOneInput`, which libFuzzer's own `main`
// (linked from its archive) refers to.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzScene(data, count) })
