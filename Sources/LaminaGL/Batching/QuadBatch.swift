// QuadBatch: the screen-aligned quads of consecutive commands drawn as the
// instances of one draw (batch.vert, batch.frag), in the order they were
// added, so source-over blending gives what separate draws would. A quad
// is a rectangle of target pixels, up to 3 colours and a region of the
// coverage atlas stacking as many coverages (CoverageAtlas, CoverageStack;
// solid cells use its texel of 1). Cached coverage, solid cells and shadows of unclipped,
// axis-aligned layers (nearly every card of a UI) take this path; a
// command that needs its own shader flushes the batch first. The instance
// buffer is streamed (orphaned) once per flush and its storage kept, so a
// steady frame allocates nothing.
//
// Batching/ holds it with what plans and feeds it (DrawRoute, RoundedRectCells,
// ImageMesh, OcclusionGrid, CoverageStack, CoverageAtlas and its key) and
// names no pass; Passes/ holds one file per shader (batch.vert and
// batch.frag are this file's) and calls into Batching/, never the
// other way.
//
// Rejected: one draw per command with uniforms (S1 made 4,000 draws and
// spent 40 % of the frame in the driver's per-draw work), uniform arrays
// of quads (8 per draw at most, so still a draw per command), and keeping
// the batching in Passes/ among the passes it serves.

import CGLES
import Lamina

final class QuadBatch {
  /// Floats per instance: rect 4, 3 colours 12, region 4, offset 2.
  static let stride = 22
  /// The colours of a stack's layers, bottom to top (unused ones transparent).
  typealias Colors = (PremultipliedColor, PremultipliedColor, PremultipliedColor)
  private var instances: [Float] = []
  private var readsAtlas = false
  private var array: InstanceArray?
  private let device: GLDevice
  private let programs: ProgramCache
  /// Where cached coverages are read from (nil without float targets).
  private let atlas: CoverageAtlas?
  /// The target the pending quads belong to.
  var target: SurfaceTarget?
  /// The hidden tiles of the target's surface, and the command adding quads.
  var grid: OcclusionGrid?
  var command = 0

  init(device: GLDevice, programs: ProgramCache, atlas: CoverageAtlas?) {
    self.device = device
    self.programs = programs
    self.atlas = atlas
  }

  var isEmpty: Bool { instances.isEmpty }
  /// Instances drawn since the renderer was made (for tests).
  private(set) var drawnInstances = 0
  /// Draw calls made since the renderer was made (for tests).
  private(set) var drawCalls = 0

  /// Adds a quad of Σ `colors`_k × `coverage`'s weight k.
  func add(_ quad: PixelRect, colors: Colors, coverage: CoverageAtlas.Placement) {
    let g = coverage.region
    let region = (Float(g.x), Float(g.y), Float(g.x + g.width - 1), Float(g.y + g.height - 1))
    let offset = (Float(coverage.originX - g.x), Float(coverage.originY - g.y))
    for quad in visible(quad) { append(quad, colors, region, offset) }
    readsAtlas = true
  }

  /// Adds `coverage` × `color` (a stack of one) over `quads`.
  func add(_ quads: [PixelRect], color: PremultipliedColor, coverage: CoverageAtlas.Placement) {
    for quad in quads { add(quad, colors: (color, .transparent, .transparent), coverage: coverage) }
  }

  private func append(
    _ q: PixelRect, _ c: Colors, _ g: (Float, Float, Float, Float), _ offset: (Float, Float)
  ) {
    instances.append(Float(q.x0))
    instances.append(Float(q.y0))
    instances.append(Float(q.x1))
    instances.append(Float(q.y1))
    func push(_ color: PremultipliedColor) {
      instances.append(color.r)
      instances.append(color.g)
      instances.append(color.b)
      instances.append(color.a)
    }
    push(c.0)
    push(c.1)
    push(c.2)
    instances.append(g.0)
    instances.append(g.1)
    instances.append(g.2)
    instances.append(g.3)
    instances.append(offset.0)
    instances.append(offset.1)
  }

  /// Pending instances after which `flushIfLong` draws them: llvmpipe's
  /// threads then rasterise the first quads of a long surface while the
  /// next ones are prepared (on a GPU, the queue starts early), and the
  /// instance buffer stays bounded (4096 × 88 bytes).
  static let flushAt = 4096

  /// Draws the pending quads and flushes GL when there are `flushAt`.
  func flushIfLong() throws(GLError) {
    guard instances.count >= Self.flushAt * Self.stride else { return }
    try flush()
    device.submit()
  }

  /// Adds quads of one colour at full coverage.
  func addSolid(_ quads: [PixelRect], color: PremultipliedColor) {
    for quad in quads {
      for quad in visible(quad) {
        append(quad, (color, .transparent, .transparent), (0, 0, 0, 0), (0, 0))
      }
    }
  }

  /// The painted tiles of the surface (OcclusionGrid): one solid quad per
  /// band, in the colour of its cover, drawn unblended before anything else.
  /// `colors` is asked once per cover of the `count` commands (the grid
  /// compares the covers of neighbouring tiles many times).
  func paint(
    _ grid: OcclusionGrid, commands count: Int, colors: (Int) -> PremultipliedColor
  ) throws(GLError) {
    painted.removeAll(keepingCapacity: true)
    paintColors.removeAll(keepingCapacity: true)
    paintColors.append(contentsOf: repeatElement(nil, count: count))
    func color(_ command: Int) -> PremultipliedColor {
      if let known = paintColors[command] { return known }
      let c = colors(command)
      paintColors[command] = c
      return c
    }
    grid.paintedQuads(into: &painted) { color($0) == color($1) }
    guard !painted.isEmpty else { return }
    try flush()
    for (quad, command) in painted {
      append(quad, (color(command), .transparent, .transparent), (0, 0, 0, 0), (0, 0))
    }
    try flush(blend: .replace)
  }
  private var painted: [(quad: PixelRect, command: Int)] = []
  private var paintColors: [PremultipliedColor?] = []

  /// `quads` of the current command without what the grid hides or has
  /// painted: for a command drawn with its own shader.
  func cut(_ quads: [PixelRect]) -> [PixelRect] {
    guard grid != nil else { return quads }
    var out: [PixelRect] = []
    for quad in quads { out.append(contentsOf: visible(quad)) }
    return out
  }

  /// The parts of `quad` that later opaque cells do not hide.
  private var pieces: [PixelRect] = []
  private var bands = OcclusionGrid.Scratch()
  private func visible(_ quad: PixelRect) -> [PixelRect] {
    guard let grid else { return [quad] }
    pieces.removeAll(keepingCapacity: true)
    grid.visible(quad, command: command, into: &pieces, scratch: &bands)
    return pieces
  }

  /// Draws the pending quads before a draw of its own into `target` (a
  /// draw into another target, such as the atlas, needs no flush).
  func flush(before target: SurfaceTarget) throws(GLError) {
    if self.target === target { try flush() }
  }

  /// Draws the pending quads into `target` (blended unless `blend` says
  /// otherwise) and empties the batch.
  func flush(blend: Blend = .sourceOver) throws(GLError) {
    guard !instances.isEmpty, let target else {
      instances.removeAll(keepingCapacity: true)
      return
    }
    let count = instances.count / Self.stride
    let atlas = readsAtlas ? try self.atlas?.target() : nil
    let p = try programs.batch(solid: atlas == nil)
    let array = instanceArray()
    device.stream(instances, into: array)
    device.draw(
      GLDraw(
        program: p.program, target: .surface(target), blend: blend,
        textures: atlas.map { [TextureBinding(unit: 0, texture: $0.texture, sampler: .nearest)] } ?? [],
        uniforms: [
          Uniform(p[.targetSize], .vec2(Float(target.width), Float(target.height))),
          Uniform(p[.atlas], .int(0)),
        ],
        geometry: .instances(array, count: count)))
    try checkAllocation("the instances of \(count) quads", bytes: instances.count * MemoryLayout<Float>.size)
    drawnInstances += count
    drawCalls += 1
    instances.removeAll(keepingCapacity: true)
    readsAtlas = false
  }

  /// The instance buffer and its vertex array, made on first use.
  private func instanceArray() -> InstanceArray {
    if let array { return array }
    let made = device.makeInstanceArray(
      stride: Self.stride, attributes: [(4, 0), (4, 4), (4, 8), (4, 12), (4, 16), (2, 20)])
    array = made
    return made
  }

  func deleteAll() {
    instances.removeAll()
    target = nil
    grid = nil
    if let array {
      device.delete(array)
      self.array = nil
    }
  }
}

extension PremultipliedColor {
  /// Nothing: the colour of a stack's unused layers.
  static let transparent = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
}

