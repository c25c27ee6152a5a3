// libFuzzer target: scenes that load are lowered into a `RenderPlan` at a
// small canvas. The lowering must either produce a plan whose surfaces fit
// the limits or throw `LoweringError`; NaN, huge radii, singular and
// projective transforms must not trap. Rendering is left to the backends'
// tests: fuzzing the CPU rasterizer per input would be too slow to explore.
import FuzzDriver
import Lamina

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLowering(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  let limits = RenderLimits(maxDimension: 512, maxPixelBytes: 1 << 20)
  guard let scene = try? Scene(jsonData: bytes, baseDirectory: "/nonexistent-lamina-fuzz", limits: limits)
  else { return 0 }
  do {
    let plan = try scene.renderPlan(limits: limits)
    for s in plan.surfaces {
      precondition(limits.violation(width: s.width, height: s.height) == nil, "surface beyond the limits")
    }
  } catch {
    _ = error.description
  }
  return 0
}

// The driver runs from here with the command line. The function is also
// exported as `LLVMFuzzerTestOneInput`, which libFuzzer's own `main`
// (linked from its archive) refers to.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzLowering(data, count) })
