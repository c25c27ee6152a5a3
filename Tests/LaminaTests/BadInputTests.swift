// Bad input, one test per item of issue 6: each asserts the exact error, or
// that the lowering gives a bounded plan with what should be drawn. (What
// the backends draw for the geometric edge cases — singular and projective
// transforms, w ≤ 0 — is checked pixel by pixel in
// Tests/LaminaCPUTests/DeterminismEdgeCaseTests.swift.)
//
// Decision for non-finite numbers set through the Swift API: the lowering
// refuses the tree with `LoweringError.notFinite(layer:property:)` (see
// Sources/Lamina/Lowering/FiniteCheck.swift); scene files cannot hold them.

import Foundation
import Testing

@testable import Lamina
import LaminaTestSupport

@Suite struct BadInputTests {
  // MARK: Helpers

  /// The errors of a document, `path: message` each; `[]` when it loads.
  func errors(_ json: String, baseDirectory: String? = nil, limits: RenderLimits = .default) -> [String] {
    do {
      _ = try Scene(jsonData: Array(json.utf8), baseDirectory: baseDirectory, limits: limits)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  /// A 40×40 canvas with one layer whose keys are `body`.
  func oneLayer(_ body: String) -> String {
    ##"{ "canvas": { "width": 40, "height": 40 }, "layers": [ { "## + body + ##" } ] }"##
  }

  func canvasRoot(_ side: Double = 40) -> Layer { LayerFixtures.canvas(side, name: "root") }

  /// A named 20×20 white square centred on a 40×40 canvas.
  func square(_ name: String = "square") -> Layer {
    let layer = Layer()
    layer.name = name
    layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    layer.position = CGPoint(x: 20, y: 20)
    layer.backgroundColor = .white
    return layer
  }

  func plan(_ layers: Layer..., limits: RenderLimits = .default) throws -> RenderPlan {
    let root = canvasRoot()
    for l in layers { try root.addSublayer(l) }
    return try RenderPlan(root: root, size: CGSize(width: 40, height: 40), limits: limits)
  }

  func commands(_ plan: RenderPlan) -> [DrawCommand] { plan.surfaces.flatMap(\.commands) }

  // MARK: NaN and infinities

  @Test func nonFiniteNumbersInSceneFilesAreErrorsWithTheirPath() {
    let cases: [(String, String)] = [
      (##""cornerRadius": 1e999"##, "layers[0].cornerRadius: must be finite"),
      (##""opacity": -1e999"##, "layers[0].opacity: must be finite"),
      (##""bounds": [0, 0, 1e999, 1]"##, "layers[0].bounds[2]: must be finite"),
      (
        ##""transform": [1e999, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"##,
        "layers[0].transform[0]: must be finite"
      ),
      (##""shadowOffset": [0, -1e400]"##, "layers[0].shadowOffset[1]: must be finite"),
    ]
    for (body, expected) in cases {
      #expect(errors(oneLayer(body)) == [expected], "\(body)")
    }
    #expect(errors(##"{ "canvas": { "width": 1e999, "height": 40 } }"##) == ["canvas.width: must be finite"])
    // NaN and Infinity are not JSON at all.
    #expect(
      errors(oneLayer(##""position": [NaN, 0]"##)) == ["line 1, column 71: expected a value, found 'N'"])
  }

  /// Puts a NaN or an infinity into `property` (one variant per `variant`).
  static func poison(_ l: Layer, _ property: String, variant: Int) {
    switch (property, variant) {
    case ("bounds", _): l.bounds.size.width = .nan
    case ("position", _): l.position.x = .infinity
    case ("anchorPoint", _): l.anchorPoint.y = .nan
    case ("zPosition", _): l.zPosition = -.infinity
    case ("transform", 0): l.transform.m11 = .nan
    case ("transform", _): l.transform.m34 = .infinity
    case ("sublayerTransform", _): l.sublayerTransform.m41 = .nan
    case ("opacity", _): l.opacity = .nan
    case ("backgroundColor", _): l.backgroundColor = Color(red: .nan, green: 0, blue: 0)
    case ("cornerRadius", _): l.cornerRadius = .nan
    case ("borderWidth", _): l.borderWidth = .infinity
    case ("shadowOffset", _): l.shadowOffset.height = .nan
    case ("shadowRadius", _): l.shadowRadius = .nan
    case ("shadowPath", _): l.shadowPath = Path(elements: [.move(CGPoint(x: Double.nan, y: 0))])
    case ("contentsRect", _): l.contentsRect.origin.x = .nan
    case ("contentsScale", _): l.contentsScale = .infinity
    case ("minificationFilterBias", _): l.minificationFilterBias = .nan
    case ("rasterizationScale", _): l.rasterizationScale = .nan
    default: Issue.record("no poison for \(property)")
    }
  }

  @Test(arguments: [
    ("bounds", 0), ("position", 0), ("anchorPoint", 0), ("zPosition", 0), ("transform", 0),
    ("transform", 1), ("sublayerTransform", 0), ("opacity", 0), ("backgroundColor", 0),
    ("cornerRadius", 0), ("borderWidth", 0), ("shadowOffset", 0), ("shadowRadius", 0),
    ("shadowPath", 0), ("contentsRect", 0), ("contentsScale", 0), ("minificationFilterBias", 0),
    ("rasterizationScale", 0),
  ])
  func nonFiniteNumbersThroughTheAPIAreRefusedByName(property: String, variant: Int) {
    let layer = square("bad")
    Self.poison(layer, property, variant: variant)
    #expect(throws: LoweringError.notFinite(layer: "layers[0] ('bad')", property: property)) { try plan(layer) }
  }

  @Test func aNonFiniteNumberDeepInAHiddenSubtreeIsStillFound() throws {
    let parent = square("parent")
    parent.isHidden = true
    let child = square("child")
    child.opacity = .nan
    try parent.addSublayer(child)
    #expect(throws: LoweringError.notFinite(layer: "layers[0].sublayers[0] ('child')", property: "opacity")) { try plan(parent) }
  }

  // MARK: Negative and absurd sizes

  @Test func negativeSizesInSceneFilesAreErrors() {
    #expect(errors(oneLayer(##""frame": [0, 0, -5, 5]"##)) == ["layers[0].frame[2]: width must be ≥ 0, got -5"])
    #expect(errors(oneLayer(##""bounds": [0, 0, 5, -1]"##)) == ["layers[0].bounds[3]: height must be ≥ 0, got -1"])
    #expect(errors(oneLayer(##""cornerRadius": -4"##)) == ["layers[0].cornerRadius: must be ≥ 0, got -4"])
    #expect(errors(##"{ "canvas": { "width": -3, "height": 4 } }"##) == ["canvas.width: must be > 0, got -3"])
  }

  @Test func negativeRadiiThroughTheAPIDrawSquareCorners() throws {
    let layer = square()
    layer.cornerRadius = -5
    layer.borderWidth = -2
    let drawn = commands(try plan(layer))
    #expect(drawn.count == 1)
    guard case .roundedRect(let shape)? = drawn.first else { Issue.record("expected a shape"); return }
    #expect(shape.outer.radii == [0, 0, 0, 0])
  }

  @Test func absurdRadiiAreClampedToHalfTheShorterSide() throws {
    let scene = try Scene(jsonData: Array(oneLayer(
      ##""frame": [10, 10, 20, 10], "backgroundColor": "#fff", "cornerRadius": 1e300, "borderWidth": 1e300"##
    ).utf8))
    let drawn = commands(try scene.renderPlan())
    // The border, which covers the whole layer: the opaque border hides the
    // background, which is left out (UnderBorder).
    #expect(drawn.count == 1)
    for command in drawn {
      guard case .roundedRect(let shape) = command else { Issue.record("expected shapes"); continue }
      #expect(shape.outer.radii == [5, 5, 5, 5])
    }
  }

  @Test func absurdShadowRadiusLightsNothingAndIsDropped() throws {
    // σ = 1e300 spreads the shadow to nothing: drawing it would only cost.
    for sigma in [1e300, 1e6] {
      let layer = square()
      layer.shadowOpacity = 1
      layer.shadowRadius = sigma
      let drawn = commands(try plan(layer))
      #expect(drawn.count == 1, "σ = \(sigma): only the background remains")
      if case .shadow? = drawn.first { Issue.record("σ = \(sigma): the shadow was kept") }
    }
  }

  @Test func aShadowFarLargerThanTheCanvasIsCutToTheCanvas() throws {
    // A million-point layer: its shadow extent is cut to what reaches the
    // 40×40 canvas (plus a pixel), so no backend sizes anything by it.
    let layer = square()
    layer.bounds = CGRect(x: 0, y: 0, width: 1e6, height: 1e6)
    layer.shadowOpacity = 1
    layer.shadowRadius = 10
    let drawn = commands(try plan(layer))
    let extents = drawn.compactMap { command -> CGRect? in
      if case .shadow(let s) = command { return s.extent }
      return nil
    }
    try #require(extents.count == 1)
    let e = extents[0]
    #expect(e.width <= 42 && e.height <= 42, "extent \(e)")
    #expect(e.width >= 40 && e.height >= 40, "extent \(e) must still cover the canvas")
  }

  // MARK: Canvas limits

  @Test func canvasesOverTheLimitsAreRefused() {
    #expect(
      errors(##"{ "canvas": { "width": 16385, "height": 1 } }"##)
        == ["canvas: 16385×1 pixels exceeds the limit of 16384 pixels a side"])
    #expect(
      errors(##"{ "canvas": { "width": 8193, "height": 8193 } }"##)
        == ["canvas: 8193×8193 pixels exceeds the limit of 256 MiB of pixels"])
    #expect(errors(##"{ "canvas": { "width": 16384, "height": 4096 } }"##) == [])
    #expect(throws: LoweringError.tooLarge(
      what: "canvas", reason: "16385×1 pixels exceeds the limit of 16384 pixels a side")
    ) {
      try RenderPlan(root: canvasRoot(), size: CGSize(width: 16385, height: 1))
    }
  }

  @Test func smallerLimitsRefuseSmallerCanvases() {
    let limits = RenderLimits(maxDimension: 64, maxPixelBytes: 8 << 10)
    #expect(
      errors(##"{ "canvas": { "width": 65, "height": 1 } }"##, limits: limits)
        == ["canvas: 65×1 pixels exceeds the limit of 64 pixels a side"])
    #expect(
      errors(##"{ "canvas": { "width": 64, "height": 64 } }"##, limits: limits)
        == ["canvas: 64×64 pixels exceeds the limit of 8192 bytes of pixels"])
    #expect(errors(##"{ "canvas": { "width": 32, "height": 64 } }"##, limits: limits) == [])
    #expect(throws: LoweringError.tooLarge(
      what: "canvas", reason: "40×80 pixels exceeds the limit of 32 pixels a side")
    ) {
      try RenderPlan(
        root: canvasRoot(), size: CGSize(width: 20, height: 40), scale: 2,
        limits: RenderLimits(maxDimension: 32))
    }
  }

  /// A raster asked for at 10⁹ pixels per point is drawn, at the finest
  /// scale whose grid fits 16 × the pixels it covers (plus 64×64), never
  /// refused: offscreens are sized by what reaches the canvas.
  @Test func aRasterizedLayerBeyondTheLimitsIsDrawnAtAScaleThatFits() throws {
    let layer = square("big")
    layer.shouldRasterize = true
    layer.rasterizationScale = 1e9
    let p = try plan(layer)
    #expect(p.surfaces.count == 2)
    let raster = p.surfaces[1]
    #expect(raster.width > 20 && raster.height > 20, "finer than the layer's own 20 points")
    #expect(raster.width * raster.height <= 16 * 22 * 22 + 4096)
  }

  // MARK: Deep and wide trees

  @Test func hundredThousandLevelsInAFileAreAnErrorNotAStackOverflow() {
    let n = 100_000
    let chain = String(repeating: ##"{ "sublayers": ["##, count: n) + String(repeating: "] }", count: n)
    let result = errors(##"{ "canvas": { "width": 4, "height": 4 }, "layers": ["## + chain + "] }")
    #expect(result == ["line 1, column 2085: nested deeper than 256 levels"])
    let masks = String(repeating: ##"{ "mask": "##, count: n) + "{}" + String(repeating: "}", count: n)
    let maskResult = errors(##"{ "canvas": { "width": 4, "height": 4 }, "layers": ["## + masks + "] }")
    #expect(maskResult == ["line 1, column 2593: nested deeper than 256 levels"])
  }

  @Test func hundredThousandLevelsOfMasksThroughTheAPIAreRefusedAndFreed() throws {
    var top: Layer? = square("top")
    var current = top!
    for _ in 0..<100_000 {
      let mask = Layer()
      current.mask = mask
      current = mask
    }
    let root = canvasRoot()
    try root.addSublayer(top!)
    #expect(throws: LoweringError.tooDeep(limit: maximumLayerDepth)) {
      try RenderPlan(root: root, size: CGSize(width: 40, height: 40))
    }
    // Releasing the chain must not recurse 100,000 deinits deep either.
    top!.removeFromSuperlayer()
    top = nil
  }

  @Test func fiveThousandSublayersLowerToOneCommandEach() throws {
    let root = canvasRoot(100)
    try LayerFixtures.addUnitSquares(5_000, columns: 100, to: root) { Color(red: Double($0 % 7) / 6, green: 0.5, blue: 0.25) }
    let p = try RenderPlan(root: root, size: CGSize(width: 100, height: 100))
    #expect(p.surfaces.count == 1)
    #expect(p.surfaces[0].commands.count == 5_000)
  }

  // MARK: Masks

  @Test func aMaskContainingItsOwnerIsACycle() throws {
    let owner = square("owner")
    owner.mask = owner
    #expect(throws: LoweringError.cycle(layer: "layers[0] ('owner')")) { try plan(owner) }

    let owner2 = square("owner2")
    let mask = square("mask")
    owner2.mask = mask
    let holder = square("holder")
    try holder.addSublayer(owner2)
    try mask.addSublayer(holder)
    let root = canvasRoot()
    let top = square("top")
    try root.addSublayer(top)
    top.mask = mask
    #expect(throws: LoweringError.cycle(layer: "layers[0].mask ('mask')")) {
      try RenderPlan(root: root, size: CGSize(width: 40, height: 40))
    }
  }

  @Test func aZeroSizedMaskHidesEverything() throws {
    let layer = square()
    let mask = Layer()
    layer.mask = mask
    let p = try plan(layer)
    // The mask draws nowhere, so nothing of the layer can show: no
    // offscreen is opened and nothing is drawn.
    #expect(p.surfaces.count == 1)
    #expect(p.surfaces[0].commands.isEmpty)
  }

  // MARK: Images

  @Test func missingAndUnreadableImagesAreErrorsNamingTheFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-badinput-\(getpid())").path
    try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    _ = FileManager.default.createFile(atPath: dir + "/text.png", contents: Data("hello\n".utf8))
    var truncated: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    truncated += Array("IHDR".utf8) + [0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0]
    _ = FileManager.default.createFile(atPath: dir + "/truncated.png", contents: Data(truncated))
    let expected: [(String, String)] = [
      ("missing.png", "\(dir)/missing.png: cannot read: No such file or directory"),
      ("folder.png", "\(dir)/folder.png: cannot read: Is a directory"),
      ("text.png", "\(dir)/text.png: not a PNG: only 6 bytes"),
    ]
    for (file, message) in expected {
      #expect(
        errors(oneLayer(##""contents": ""## + file + ##"""##), baseDirectory: dir)
          == ["layers[0].contents: cannot read the image: " + message])
    }
    let broken = errors(oneLayer(##""contents": "truncated.png""##), baseDirectory: dir)
    #expect(broken.count == 1 && broken[0].hasPrefix("layers[0].contents: cannot read the image: \(dir)/truncated.png: "), "\(broken)")
  }

  // MARK: Paths

  @Test func pathsOverAMillionSegmentsAreRefused() throws {
    // Checked against the real limit: the parser counts before it builds.
    let text = "M0 0" + String(repeating: " h1", count: Path.maximumSVGCommands)
    #expect(throws: PathParseError(
      message: "path data has more than \(Path.maximumSVGCommands) commands, found 'h'",
      offset: 4 + 3 * (Path.maximumSVGCommands - 1) + 1)
    ) { try Path(svg: text) }
  }

  @Test func aLongPathIsAcceptedAndItsFlatteningBounded() throws {
    let path = try Path(svg: "M0 0" + String(repeating: " l1 1 l-1 0", count: 50_000))
    #expect(path.elements.count == 100_001)
    #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 1, height: 50_000))
    // A huge arc flattens into at most `maximumSegmentsPerCurve` segments per curve.
    let arc = try Path(svg: "M0 0 A 1e12 1e12 0 1 1 1 0")
    let points = arc.flattened(tolerance: 1e-9).reduce(0) { $0 + $1.count }
    #expect(points <= arc.elements.count * Path.maximumSegmentsPerCurve + 1)
  }

  @Test func degenerateArcsAreLinesOrNothing() throws {
    // Zero radius: a straight line (SVG 1.1 F.6.2); same end point: nothing.
    #expect(try Path(svg: "M0 0 A 0 5 0 0 0 10 10").elements == [.move(.zero), .line(CGPoint(x: 10, y: 10))])
    #expect(try Path(svg: "M3 4 A 5 5 0 1 1 3 4").elements == [.move(CGPoint(x: 3, y: 4))])
    // Radii far too small are scaled up to reach: still a half circle through both ends.
    let tiny = try Path(svg: "M0 0 A 1e-300 1e-300 0 0 0 10 0")
    let points = tiny.flattened(tolerance: 1e-4).flatMap { $0 }
    let ys = points.map { Double($0.y) }, xs = points.map { Double($0.x) }
    #expect(abs(xs.min()!) < 1e-9 && abs(xs.max()! - 10) < 1e-9)
    #expect(abs(ys.map(abs).max()! - 5) < 1e-3, "half circle of radius 5, got \(ys.min()!)…\(ys.max()!)")
  }

  // MARK: Transforms

  @Test func singularTransformsDrawNothingVisible() throws {
    for t in [Transform3D(scaleX: 0, y: 0), Transform3D(scaleX: 1, y: 0), Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)] {
      let layer = square()
      layer.transform = t
      let p = try plan(layer)
      for case .roundedRect(let s) in p.surfaces.flatMap(\.commands) {
        let box = projectedBounds(of: s.outer.rect, s.matrix)
        #expect(box == nil || box!.width * box!.height < 1e-9, "\(t): \(String(describing: box))")
      }
    }
  }

  @Test func aLayerEntirelyBehindTheViewerIsNotDrawn() throws {
    let layer = square()
    layer.transform.m44 = -1  // every point has w = -1
    #expect(commands(try plan(layer)).isEmpty)
  }

  @Test func aLayerCrossingTheViewerPlaneIsClippedInHomogeneousSpace() throws {
    let layer = square()
    layer.transform.m14 = 0.1  // w = 0.1 x + 1 runs from 0 to 2 across the layer
    let drawn = commands(try plan(layer))
    try #require(drawn.count == 1)
    guard case .roundedRect(let s) = drawn[0] else { Issue.record("expected a shape"); return }
    // The visible part (w > ε) projects to finite bounds.
    let box = try #require(projectedBounds(of: s.outer.rect, s.matrix))
    #expect(box.minX.isFinite && box.maxX.isFinite && box.minY.isFinite && box.maxY.isFinite)
  }

  // MARK: Zero sizes

  @Test func zeroSizedLayersDrawNothingButTheirSublayers() throws {
    let empty = Layer()
    empty.position = CGPoint(x: 20, y: 20)
    empty.backgroundColor = .red
    empty.borderWidth = 3
    empty.cornerRadius = 4
    let child = square("child")
    child.position = .zero
    try empty.addSublayer(child)
    let drawn = commands(try plan(empty))
    #expect(drawn.count == 1)
    if case .roundedRect(let s)? = drawn.first { #expect(s.name == "child") } else { Issue.record("expected the child") }
    #expect(errors(##"{ "canvas": { "width": 0, "height": 4 } }"##) == ["canvas.width: must be > 0, got 0"])
    #expect(throws: LoweringError.invalidCanvas("size 0.0×4.0 points must be positive and finite")) {
      try RenderPlan(root: canvasRoot(), size: CGSize(width: 0, height: 4))
    }
  }
}
