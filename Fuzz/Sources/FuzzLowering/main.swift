// libFuzzer target: scenes that load are lowered into a `RenderPlan` and
// drawn by the CPU renderer on a small canvas. The lowering must produce a
// plan whose surfaces fit the limits or throw `LoweringError`; NaN, huge
// radii, singular and projective transforms must not trap, and the
// renderer must not trap or allocate beyond reason (ASan's allocator and
// -rss_limit_mb watch that) on any plan the lowering accepts.
//
// Limits are tight (256 px a side, 256 KiB) so that one input renders in
// milliseconds even in a debug build with ASan.
import FuzzDriver
import Lamina
import LaminaCPU

// libFuzzer calls the target on one thread; the renderer keeps its caches.
nonisolated(unsafe) let renderer = CPURenderer(threads: 1)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLowering(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  let limits = RenderLimits(maxDimension: 256, maxPixelBytes: 256 << 10)
  guard let scene = try? Scene(jsonData: bytes, baseDirectory: "/nonexistent-lamina-fuzz", limits: limits)
  else { return 0 }
  let plan: RenderPlan
  do {
    plan = try scene.renderPlan(limits: limits)
  } catch {
    precondition(!error.description.isEmpty)
    // A layer is named by its path and a shortened name (LayerPlace, Excerpt).
    precondition(error.description.utf8.count <= 1 << 16, "an error of \(error.description.utf8.count) bytes")
    return 0
  }
  for s in plan.surfaces {
    precondition(limits.violation(width: s.width, height: s.height) == nil, "surface beyond the limits")
  }
  let image = renderer.render(plan)
  precondition(image.width == plan.width && image.height == plan.height, "image size differs from the plan")
  return 0
}

// The driver runs from here with the command line. The function is also
// exported as `LLVMFuzzerTestOneInput`, which libFuzzer's own `main`
// (linked from its archive) refers to.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzLowering(data, count) })
