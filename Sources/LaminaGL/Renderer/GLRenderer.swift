// GLRenderer: draws a RenderPlan with OpenGL ES 3 on the shared headless
// EGL display. Surfaces are drawn from last to first (a composite only
// names later surfaces), each into a pooled texture+framebuffer, commands
// in order with premultiplied source-over blending (ONE,
// ONE_MINUS_SRC_ALPHA); the canvas is read back top-down as it is stored
// (pixel row j is GL row j, so no flip is needed). GL objects (programs,
// pooled targets, image textures, the coverage atlas, kept rasters) live
// as long as the renderer; its context is current only inside `render`,
// so a renderer can be used from any thread, one call at a time.
//
// Incremental frames (`renderFrame`, IncrementalRenderer): the canvas of
// the last such frame is kept in a target of its own, with its plan's
// digest; the next frame draws the offscreens as always, then the canvas
// only inside the damage (PlanDamage, joined into at most
// `damageRectangles` boxes), each box scissored, cleared to the background
// and drawn with the commands that reach it (SurfaceDrawing, without the
// occlusion grid, which changes no byte), and reads back only those boxes,
// into the bytes of the frame before.
//
// Rejected: a persistent current context (pins the renderer to a thread;
// an `await` would silently draw nothing, docs/gl-notes.md), and one
// uber-shader with uniform flags (slower on llvmpipe than variants).

import CGLES
import Dispatch
import Lamina
import Synchronization

/// The OpenGL ES 3 backend: draws render plans offscreen through headless EGL.
///
/// `render` may be called from any thread; calls on one renderer run one at
/// a time. For parallel rendering, use one renderer per thread.
public final class GLRenderer: IncrementalRenderer, @unchecked Sendable {
  // Sendable by construction: the mutable GL state in `resources` is only
  // touched inside `context.withCurrent`, which holds the context's lock.
  let context: GLContext
  private let resources: GLResources
  private let readback = Mutex<Double>(0)
  /// Milliseconds the last frame's readback took (glReadPixels after the
  /// drawing finished: glFinish comes first, so drawing is not counted).
  public var lastReadbackMilliseconds: Double { readback.withLock { $0 } }

  /// Counts the GL objects this renderer holds (for leak tests).
  public let ledger = GLObjectLedger()
  private let maxTextureSize: Int

  /// Opens the shared display (once per process) and creates a context,
  /// with the faults `LAMINA_GL_FAULT` names (none when unset).
  public convenience init() throws(GLError) {
    try self.init(faults: GLFaults.fromEnvironment())
  }

  /// A renderer whose context hits `faults` on purpose (GLFaults.swift).
  init(faults: GLFaults) throws(GLError) {
    context = try GLContext(faults: faults)
    let ledger = self.ledger
    let debugLog = context.debugLog
    let setup = try context.withCurrent { () throws(GLError) -> (GLResources, Int) in
      let extensions = glExtensions()
      GLDebug.install(extensions: extensions, log: debugLog)
      var size: GLint = 0
      glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
      return (GLResources(ledger: ledger, extensions: extensions), Int(size))
    }
    resources = setup.0
    maxTextureSize = setup.1
  }

  deinit {
    let resources = self.resources
    try? context.withCurrent { () throws(GLError) in resources.deleteAll() }
  }

  /// Whether quads hidden by later opaque cells are left out (both draw
  /// the same bytes; tests and measurements switch it).
  var occlusion: Bool {
    get { resources.occlusion }
    set { resources.occlusion = newValue }
  }

  /// Whether runs of a layer's shapes and shadow are drawn as one
  /// CoverageStack (within a level of separate draws: one rounding to 8 bits
  /// instead of one per layer; tests and measurements switch it).
  var stacking: Bool {
    get { resources.stacking }
    set { resources.stacking = newValue }
  }

  /// Draw calls and instances of the quad batches so far (for tests).
  var batchCounts: (drawCalls: Int, instances: Int) {
    (resources.batch.drawCalls, resources.batch.drawnInstances)
  }

  /// The pool of offscreen targets (for tests).
  var pool: SurfacePool { resources.pool }

  /// The uploaded images (for tests).
  var textures: TextureCache { resources.textures }

  /// The side of the coverage atlas in texels (for tests).
  var atlasSide: Int { resources.atlas?.side ?? 0 }

  /// How many times the coverage atlas grew, and the regions it has
  /// allocated (for tests).
  var atlasCounts: (grown: Int, allocations: Int) {
    (resources.atlas?.grownCount ?? 0, resources.atlas?.allocations ?? 0)
  }

  /// Glyph coverages the atlas keeps, and how many it has uploaded (for tests).
  var glyphCoverageCounts: (kept: Int, uploads: Int) {
    (resources.atlas?.glyphCount ?? 0, resources.atlas?.glyphUploads ?? 0)
  }

  /// The coverages the atlas holds (for tests).
  var cachedCoverageCount: Int { resources.atlas?.count ?? 0 }

  /// The number of programs compiled so far (each variant is one).
  public var programCount: Int {
    (try? context.withCurrent { () throws(GLError) in resources.programs.count }) ?? 0
  }

  /// Draws the plan and reads the canvas back: into the pixels of one of
  /// the last two images it returned that the caller no longer references
  /// (`Canvases`), else into new ones. An image anybody holds is never
  /// written.
  public func render(_ plan: RenderPlan) throws(GLError) -> Image {
    try validate(plan)
    return try context.withFrame { () throws(GLError) -> Image in
      try draw(plan, resources, incremental: nil)
    }
  }

  /// The most scissored boxes an incremental frame draws the canvas in:
  /// each costs a pass over the canvas's commands (most culled) and the
  /// occlusion grid, so nearby damage is joined (PlanDamage.merged).
  public static let damageRectangles = 4

  /// What the last `renderFrame` redrew.
  public var lastDamage: PlanDamage? { damage.withLock { $0 } }
  private let damage = Mutex<PlanDamage?>(nil)

  /// Draws `plan` as the next frame of a sequence: over the canvas of the
  /// last frame this method drew, only its damage; the bytes are
  /// `render(plan)`'s (IncrementalRenderer).
  public func renderFrame(_ plan: RenderPlan) throws(GLError) -> Image {
    try validate(plan)
    let digest = PlanDigest(plan)
    let resources = self.resources
    return try context.withFrame { () throws(GLError) -> Image in
      do throws(GLError) {
        return try draw(plan, resources, incremental: digest)
      } catch {
        // A frame that failed part way leaves the kept canvas unknown.
        resources.forgetFrame()
        throw error
      }
    }
  }

  /// Drops the kept frame (the next `renderFrame` draws everything) and
  /// the returned frames kept for their storage.
  public func forgetFrame() {
    let resources = self.resources
    try? context.withCurrent { () throws(GLError) in
      resources.forgetFrame()
      resources.canvases.removeAll()
    }
    damage.withLock { $0 = nil }
  }

  private func validate(_ plan: RenderPlan) throws(GLError) {
    guard plan.width > 0, plan.height > 0 else {
      throw .unsupported(reason: "canvas of \(plan.width)×\(plan.height) pixels")
    }
    guard let canvas = plan.surfaces.first else { throw .unsupported(reason: "the plan has no canvas surface") }
    guard canvas.width == plan.width, canvas.height == plan.height else {
      throw .unsupported(
        reason: "surface 0 is \(canvas.width)×\(canvas.height), the plan \(plan.width)×\(plan.height)")
    }
    for (index, surface) in plan.surfaces.enumerated() {
      let label = "surface \(index) (\(surface.label))"
      guard surface.width > 0, surface.height > 0, surface.width <= maxTextureSize, surface.height <= maxTextureSize
      else {
        throw .unsupported(
          reason: "\(label) is \(surface.width)×\(surface.height) pixels; this GL allows 1…\(maxTextureSize) a side")
      }
      for command in surface.commands {
        guard case .composite(let c) = command else { continue }
        guard c.surface > index, c.surface < plan.surfaces.count else {
          throw .unsupported(reason: "\(label): composite \(c.name) names surface \(c.surface), which must be in \(index + 1)..<\(plan.surfaces.count)")
        }
        if let mask = c.mask {
          guard mask > index, mask < plan.surfaces.count,
            plan.surfaces[mask].width == plan.surfaces[c.surface].width,
            plan.surfaces[mask].height == plan.surfaces[c.surface].height
          else {
            throw .unsupported(reason: "\(label): composite \(c.name) has mask surface \(mask), which must be a later surface of the source's size")
          }
        }
      }
    }
  }

  /// Draws a frame; `incremental`: the plan's digest, for a frame drawn
  /// over the kept canvas (`renderFrame`).
  private func draw(_ plan: RenderPlan, _ r: GLResources, incremental: PlanDigest?) throws(GLError) -> Image {
    r.caches.begin()
    r.device.beginFrame()
    var previousPixels: [UInt8] = []
    let (boxes, digest) = frameDamage(plan, r, incremental: incremental, previous: &previousPixels)
    var pooled: [SurfaceTarget] = []
    defer {
      // After the frame's targets are back: they count as used this frame.
      for t in pooled { r.pool.release(t) }
      r.pool.trim()
    }
    let canvas = try drawSurfaces(plan, r, digest: digest, boxes: boxes, pooled: &pooled)
    r.device.finish()
    let readStart = DispatchTime.now().uptimeNanoseconds
    let pixels = try readCanvas(canvas, plan, r, digest: digest, boxes: boxes, previous: &previousPixels)
    if digest != nil { r.keptFrame?.pixels = pixels }
    let readMs = Double(DispatchTime.now().uptimeNanoseconds - readStart) / 1e6
    readback.withLock { $0 = readMs }
    r.caches.end(pool: r.pool, textures: r.textures, atlas: r.atlas)
    let image = Image(width: plan.width, height: plan.height, premultipliedPixels: pixels)
    if digest == nil { r.canvases.returned(image) }
    return image
  }

  /// An incremental frame's damage over the kept canvas: the boxes to
  /// draw (nil: the canvas whole) and the plan's measured digest. The kept
  /// pixels are moved into `previous`, so that they are referenced there
  /// alone (when the caller let the last image go) and patched in place.
  private func frameDamage(
    _ plan: RenderPlan, _ r: GLResources, incremental: PlanDigest?, previous previousPixels: inout [UInt8]
  ) -> (boxes: [PixelRect]?, digest: PlanDigest?) {
    guard var next = incremental else { return (nil, nil) }
    var d = PlanDamage.everything(width: plan.width, height: plan.height)
    if let kept = r.keptFrame, kept.target.width == plan.width, kept.target.height == plan.height,
      kept.pixels.count == plan.width * plan.height * 4
    {
      d = PlanDamage.between(kept.digest, &next)
      previousPixels = kept.pixels
      r.keptFrame?.pixels = []
    } else {
      next.measure()
    }
    damage.withLock { $0 = d }
    return (d.isEverything ? nil : d.merged(into: Self.damageRectangles), next)
  }

  /// Draws the plan's surfaces, deepest first, and returns the canvas.
  /// Targets taken from the pool for this frame are appended to `pooled`.
  private func drawSurfaces(
    _ plan: RenderPlan, _ r: GLResources, digest: PlanDigest?, boxes: [PixelRect]?, pooled: inout [SurfaceTarget]
  ) throws(GLError) -> SurfaceTarget {
    let drawing = r.drawing
    var targets = [SurfaceTarget?](repeating: nil, count: plan.surfaces.count)
    for index in plan.surfaces.indices.reversed() {
      let surface = plan.surfaces[index]
      if index == 0, let digest {
        targets[0] = try drawKept(surface, plan: plan, digest: digest, boxes: boxes, targets: targets, r)
        continue
      }
      if let key = surface.rasterKey, let kept = r.caches.raster(key, width: surface.width, height: surface.height) {
        targets[index] = kept
        continue
      }
      let target = try r.pool.acquire(width: surface.width, height: surface.height)
      if let key = surface.rasterKey, index != 0 {
        r.caches.keep(target, as: key, pool: r.pool)
      } else {
        pooled.append(target)
      }
      targets[index] = target
      let clear = (index == 0 ? plan.background : .transparent).exactFill
      r.device.clear(.surface(target), to: (clear.x, clear.y, clear.z, clear.w))
      try drawing.draw(surface.commands, into: target, targets: targets)
      try checkGL("drawing \(surface.label)")
    }
    return targets[0]!
  }

  /// The canvas's pixels: only the damage's boxes, into the bytes of the
  /// frame before, when there are both; else the whole canvas, into a
  /// returned frame's pixels the caller has let go of (Canvases), unless
  /// `keptFrame` will share them.
  private func readCanvas(
    _ canvas: SurfaceTarget, _ plan: RenderPlan, _ r: GLResources, digest: PlanDigest?, boxes: [PixelRect]?,
    previous: inout [UInt8]
  ) throws(GLError) -> [UInt8] {
    let bgra = canvas.format == .color(bgra: true) && r.readsBGRA
    var pixels: [UInt8]
    if let boxes, !previous.isEmpty {
      pixels = previous
      previous = []
      pixels.withUnsafeMutableBufferPointer { buffer in
        for box in boxes { r.device.read(.surface(canvas), rect: box, into: buffer.baseAddress!, bgra: bgra) }
      }
    } else {
      let whole = PixelRect(x0: 0, y0: 0, x1: plan.width, y1: plan.height)
      pixels = r.canvases.pixels(count: plan.width * plan.height * 4, reusing: digest == nil) { base in
        r.device.read(.surface(canvas), rect: whole, into: base, bgra: bgra)
      }
    }
    try checkGL("glReadPixels")
    return pixels
  }

  /// The canvas of an incremental frame, in the kept target: whole when
  /// `boxes` is nil, else each box (the damage, joined) scissored, cleared
  /// to the background and drawn with the commands that reach it.
  private func drawKept(
    _ surface: Surface, plan: RenderPlan, digest: PlanDigest, boxes: [PixelRect]?, targets: [SurfaceTarget?],
    _ r: GLResources
  ) throws(GLError) -> SurfaceTarget {
    let target: SurfaceTarget
    if let kept = r.keptFrame, kept.target.width == plan.width, kept.target.height == plan.height {
      target = kept.target
    } else {
      r.forgetFrame()
      target = try r.pool.acquire(width: plan.width, height: plan.height)
    }
    // Kept before drawing: a failure below makes the renderer forget it.
    // (Its pixels are set once read back.)
    r.keptFrame = (target, digest, [])
    let clear = plan.background.exactFill
    let color = (clear.x, clear.y, clear.z, clear.w)
    guard let boxes else {
      r.device.clear(.surface(target), to: color)
      try r.drawing.draw(surface.commands, into: target, targets: targets)
      try checkGL("drawing \(surface.label)")
      return target
    }
    defer { r.device.scissor = nil }
    // No occlusion grid in a box: the grid changes no byte (it only leaves
    // out what a later opaque cell covers), and building it walks all the
    // canvas's commands over the whole canvas, most of a small box's cost.
    let drawing = SurfaceDrawing(
      tools: r.surfaceTools, pool: r.pool, caches: r.caches, occlusion: false, stacking: r.stacking)
    for box in boxes {
      r.device.scissor = (target, box)
      r.device.clear(.surface(target), to: color)
      try drawing.draw(
        surface.commands, into: target, targets: targets, region: box, footprints: digest.footprints)
      try checkGL("drawing \(surface.label) in \(box)")
    }
    return target
  }
}
