// PathPass: `.path` commands (a shape layer's fill or stroke) with the
// coverage Lamina computes on the CPU (`PathDraw.coverage`: the lowering's
// polygons through the matrix, filled by the shared sweep with exact area
// coverage), the values LaminaCPU's PathStage blends, so the two backends
// agree to the 8-bit rounding of the result. The coverage is uploaded once
// into a region of the coverage atlas, keyed by the draw's polygons, fill
// rule, matrix and pixel box (`PathDraw.CoverageKey`), and reused while the
// draw repeats (a frame of an animation that does not change the shape,
// or a bench loop). Unclipped draws join the quad batch as a stack of one
// (batch.frag: colour × coverage), so a page of icons is a few draw calls;
// clipped ones are drawn with path.frag, which multiplies the clips; a
// coverage too large for the atlas (over 1024 pixels a side) is uploaded
// into a texture of its own for one path.frag draw. Mirrors LaminaCPU's
// PathStage.
//
// Text under a similarity (`PathDraw.glyphPlacements`), unclipped: the
// first time a draw is seen, each glyph piece is its `GlyphCoverage` (Lamina's
// definition, the values LaminaCPU assembles), uploaded once into the
// atlas under its `GlyphCoverageKey` and drawn as one instance of the quad
// batch at the glyph's whole-pixel origin, so new text (a first frame,
// text that moved) costs one fill and upload per distinct (glyph, phase)
// and one instance per glyph. Pieces share no pixel, so instances blended
// one after the other give the draw's assembled coverage blended once; a
// draw's pieces of several glyphs (a kerned pair whose pixels meet) are
// filled from their placed polygons into one region of their own beside
// them (`PathDraw.CoverageKey.severalGlyphsOnly`). A
// draw seen again in a later frame gets a region of its own, assembled
// from the same masks kept on the CPU (`GlyphCoverageCache`) and drawn as one
// instance, as a shape's path is: the same bytes, and a steady frame pays
// one instance per draw instead of one per glyph (on llvmpipe 8,200 glyph
// instances cost S7-flat's steady frame about 9 ms of CPU over 378 draw
// instances: docs/architecture.md, "Text on the GL backend"). Clipped text and text under other matrices take the whole-draw
// route above (the same coverage); glyphs over `GlyphRun.maximumCoverageSide`
// pixels are given no glyph route by the lowering, so a coverage always fits.
//
// Measured (docs/architecture.md, "Shape layers on the GL backend"; 320
// path draws on llvmpipe, release): drawn from the atlas, a steady frame
// takes 4–6 ms (median); computing and uploading the coverage again every
// frame, 68–79 ms. Rejected: that re-rasterization, and stencil-then-cover (the polygons drawn into a stencil buffer
// with winding counts, then covered: it needs multisampling for
// anti-aliasing, so its coverage is a sample count, not the exact area
// the CPU draws, and every stroke's tens of thousands of overlapping
// pieces are drawn again each frame); evaluating coverage in a shader
// from the edge list (per-pixel work grows with the edges crossing a row,
// thousands for a dashed stroke, on llvmpipe's few cores).

import CGLES
import Foundation
import Lamina

enum PathPass {
  /// The pixels a draw's coverage is asked over (what the clips leave of
  /// the target: LaminaCPU's PreparedClips bounds); nil when it draws nothing.
  static func coverageLimit(_ d: PathDraw, target: SurfaceTarget) -> PixelRect? {
    let color = d.color
    guard color.a > 0 || color.r > 0 || color.g > 0 || color.b > 0 else { return nil }
    let whole = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
    guard let reach = DrawCommand.path(d).deviceBounds(surfaces: []) else { return nil }
    let limit = PixelRect.covering(
      minX: Double(reach.minX), minY: Double(reach.minY), maxX: Double(reach.maxX), maxY: Double(reach.maxY),
      within: whole)
    return limit.isEmpty ? nil : limit
  }

  /// The coverages of the shapes among `commands` (under at most
  /// `maxClips` clips) that `draws` says will be drawn and the atlas does
  /// not keep, filled together on the machine's cores (PathCoverageBatch),
  /// by key; and the glyphs of its text on the glyph route that the atlas
  /// lacks, filled into its glyph cache (`GlyphCoverageCache.fill`). Run by
  /// the first draw of a surface that misses (`CoverageAtlas.fillMissing`),
  /// so that the others upload theirs instead of filling each in turn.
  static func fill(
    _ commands: [DrawCommand], where draws: (Int) -> Bool, into target: SurfaceTarget, atlas: CoverageAtlas
  ) -> [PathDraw.CoverageKey: (rect: PixelRect, values: [Float])?] {
    var requests: [PathDraw.CoverageRequest] = [], keys: [PathDraw.CoverageKey] = []
    var asked = Set<PathDraw.CoverageKey>(), glyphs: [(key: GlyphCoverageKey, outline: PolygonSet)] = []
    for (i, command) in commands.enumerated() {
      guard case .path(let d) = command, d.clips.count <= maxClips, draws(i),
        let limit = coverageLimit(d, target: target)
      else { continue }
      if let run = d.glyphs {
        // Text on the glyph route (unclipped, under a similarity): the
        // glyphs the atlas lacks, into the glyph cache `draw` reads.
        guard d.clips.isEmpty, run.similarity(d.matrix) != nil, let requests = d.glyphCoverageRequests() else { continue }
        for p in requests where !atlas.keepsGlyph(p.key) { glyphs.append((p.key, run.outlines[p.outline])) }
        continue
      }
      let key = d.coverageKey(within: limit)
      guard !atlas.keeps(key), asked.insert(key).inserted else { continue }
      requests.append((d, limit))
      keys.append(key)
    }
    let threads = ProcessInfo.processInfo.activeProcessorCount
    if glyphs.count > 1 { atlas.glyphCoverages.fill(glyphs, threads: threads) }
    guard requests.count > 1 else { return [:] }
    let grids = PathDraw.coverages(requests, threads: threads)
    return Dictionary(uniqueKeysWithValues: zip(keys, grids))
  }

  static func draw(_ d: PathDraw, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    let color = d.color
    guard let limit = coverageLimit(d, target: target) else { return }
    let key = d.coverageKey(within: limit)
    if d.clips.isEmpty, let atlas = tools.atlas, let glyphs = d.glyphs, glyphs.similarity(d.matrix) != nil,
      !atlas.promotes(key, frame: tools.frame), let placed = d.glyphPlacements()
    {
      try drawGlyphs(placed, outlines: glyphs.outlines, color: color, limit: limit, atlas: atlas, tools)
      guard !glyphs.allSingle else { return }
      // The pieces of several glyphs: one region of their own, keyed apart,
      // the size of what they cover.
      var rest = key
      rest.severalGlyphsOnly = true
      var kept = try atlas.restRegion(rest, frame: tools.frame)
      if kept == nil {
        guard
          let coverage = d.coverage(
            within: limit, glyphCoverages: atlas.glyphCoverages.coverage, severalGlyphsOnly: true)
        else { return }
        if let (region, texture) = try atlas.addRest(rest, rect: coverage.rect, frame: tools.frame, batch: tools.batch) {
          upload(coverage, box: coverage.rect, into: texture, at: region, tools)
          kept = (region, coverage.rect, texture)
        } else {
          // Too large for the atlas: a texture of its own, as below.
          let box = coverage.rect
          let own = try SurfaceTarget(width: box.width, height: box.height, format: .coverage, device: tools.device)
          defer { own.delete() }
          let region = CoverageAtlas.Region(x: 0, y: 0, width: box.width, height: box.height)
          upload(coverage, box: box, into: own, at: region, tools)
          try shade(d, box: box, atlas: own, region: region, into: target, tools)
          return
        }
      }
      if let (region, rect, _) = kept {
        tools.batch.add(
          [rect], color: color, coverage: CoverageAtlas.Placement(region: region, originX: rect.x0, originY: rect.y0))
      }
      return
    }
    var computed: (rect: PixelRect, values: [Float])?
    func coverage() -> (rect: PixelRect, values: [Float])? {
      if computed == nil, let atlas = tools.atlas {
        // The first miss of a surface fills its other shapes' too.
        if atlas.filled[key] == nil, let fill = atlas.fillMissing {
          atlas.fillMissing = nil
          atlas.filled.merge(fill()) { $1 }
        }
        if let filled = atlas.filled[key] { computed = filled }
      }
      if computed == nil {
        // A text draw's from the glyph coverages kept on the CPU (the same floats).
        computed = d.coverage(
          within: limit, glyphCoverages: d.glyphs == nil ? nil : tools.atlas?.glyphCoverages.coverage)
      }
      return computed
    }
    if let atlas = tools.atlas {
      // The region is the box's size: the coverage's own rect lies within it.
      if let (region, texture, fresh) = try atlas.pathRegion(
        key, width: limit.width, height: limit.height, frame: tools.frame, batch: tools.batch)
      {
        if fresh { upload(coverage(), box: limit, into: texture, at: region, tools) }
        let placement = CoverageAtlas.Placement(region: region, originX: limit.x0, originY: limit.y0)
        if d.clips.isEmpty {
          tools.batch.add([limit], color: color, coverage: placement)
        } else {
          try shade(d, box: limit, atlas: texture, region: region, into: target, tools)
        }
        return
      }
    }
    // Too large for the atlas (or no float targets): a texture of its own.
    let own = try SurfaceTarget(width: limit.width, height: limit.height, format: .coverage, device: tools.device)
    defer { own.delete() }
    let region = CoverageAtlas.Region(x: 0, y: 0, width: limit.width, height: limit.height)
    upload(coverage(), box: limit, into: own, at: region, tools)
    try shade(d, box: limit, atlas: own, region: region, into: target, tools)
  }

  /// One batch instance per glyph piece: its coverage's region (uploaded now
  /// when new) at the glyph's whole-pixel origin, cut to `limit`.
  private static func drawGlyphs(
    _ placed: [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)], outlines: [PolygonSet], color: PremultipliedColor,
    limit: PixelRect, atlas: CoverageAtlas, _ tools: SurfaceTools
  ) throws(GLError) {
    for p in placed where p.outline >= 0 {
      var kept = try atlas.glyphRegion(p.key, frame: tools.frame)
      if kept == nil {
        // The first miss of a surface fills its other glyphs and shapes too.
        if let fill = atlas.fillMissing {
          atlas.fillMissing = nil
          atlas.filled.merge(fill()) { $1 }
        }
        let glyph = atlas.glyphCoverages.coverage(p.key, outlines[p.outline])
        let rect = glyph?.rect ?? .empty
        guard let (region, texture) = try atlas.addGlyph(p.key, rect: rect, frame: tools.frame, batch: tools.batch)
        else { continue }
        if let glyph { upload((glyph.rect, glyph.values), box: glyph.rect, into: texture, at: region, tools) }
        kept = (region, rect, texture)
      }
      guard let (region, rect, _) = kept, !rect.isEmpty else { continue }
      let at = PixelRect(x0: rect.x0 + p.x, y0: rect.y0 + p.y, x1: rect.x1 + p.x, y1: rect.y1 + p.y)
      let quad = at.intersection(limit)
      guard !quad.isEmpty else { continue }
      tools.batch.add([quad], color: color, coverage: CoverageAtlas.Placement(region: region, originX: at.x0, originY: at.y0))
      try tools.batch.flushIfLong()
    }
  }

  /// The coverage over `box` (zero outside its own rect) as RGBA floats
  /// with the coverage in red, uploaded into `region` of `texture`.
  private static func upload(
    _ coverage: (rect: PixelRect, values: [Float])?, box: PixelRect, into texture: SurfaceTarget,
    at region: CoverageAtlas.Region, _ tools: SurfaceTools
  ) {
    var texels = [Float](repeating: 0, count: box.width * box.height * 4)
    if let (rect, values) = coverage {
      for y in rect.y0..<rect.y1 {
        let row = (y - box.y0) * box.width, source = (y - rect.y0) * rect.width
        for x in rect.x0..<rect.x1 {
          let v = values[source + x - rect.x0]
          let i = (row + x - box.x0) * 4
          texels[i] = v
          texels[i + 3] = v
        }
      }
    }
    tools.device.upload(texels, into: texture, region: (region.x, region.y, region.width, region.height))
  }

  /// One path.frag draw over `box`: colour × the region's coverage × clips.
  private static func shade(
    _ d: PathDraw, box: PixelRect, atlas: SurfaceTarget, region: CoverageAtlas.Region, into target: SurfaceTarget,
    _ tools: SurfaceTools
  ) throws(GLError) {
    let quads = tools.batch.cut([box])
    guard !quads.isEmpty else { return }
    try tools.batch.flush(before: target)
    let p = try tools.programs.path(clips: !d.clips.isEmpty)
    try inDraws(quads) { (quads) throws(GLError) in
      guard
        let common = try commonUniforms(
          p.common, matrix: .identity, localBounds: CGRect(x: box.x0, y: box.y0, width: box.width, height: box.height),
          quads: quads, clips: d.clips, target: target.size, name: d.name)
      else { return }
      tools.device.draw(
        GLDraw(
          program: p.program, target: .surface(target),
          textures: [TextureBinding(unit: 0, texture: atlas.texture, sampler: .nearest)],
          uniforms: common.uniforms + [
            Uniform(p[.atlas], .int(0)),
            Uniform(
              p[.region],
              .vec4(
                Float(region.x), Float(region.y), Float(region.x + region.width - 1),
                Float(region.y + region.height - 1))),
            Uniform(p[.offset], .vec2(Float(box.x0 - region.x), Float(box.y0 - region.y))),
            .color(p[.color], d.color),
          ],
          geometry: .quads(common.count)))
    }
  }
}
