// The AVX2 kernel of blended composites (blend_modes.c) against the Swift
// loop it mirrors (CompositeStage.blendAligned): the same bytes for every
// mode over random premultiplied pixels, translucent and transparent
// backdrops, masks, clips and opacities. A kernel that rounded one
// operation differently, or swapped a min's operands, differs here.
import Lamina
import LaminaTestSupport
import Testing

@testable import LaminaCPU

@Suite(.serialized) struct BlendKernelTests {
  /// A `w`×`h` image of random premultiplied pixels (some transparent, some opaque).
  static func noise(_ w: Int, _ h: Int, seed: UInt64) -> Image {
    var state = seed
    func next() -> UInt8 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    var bytes: [UInt8] = []
    for _ in 0..<(w * h) {
      let pick = next() % 4
      let a: UInt8 = pick == 0 ? 0 : pick == 1 ? 255 : next()
      let scale = Double(a) / 255
      for _ in 0..<3 { bytes.append(UInt8((Double(next()) * scale).rounded(.down))) }
      bytes.append(a)
    }
    return Image(width: w, height: h, premultipliedPixels: bytes)
  }

  static func tree() throws -> Layer {
    let root = LayerFixtures.canvas(64)
    let backdrop = Layer()
    backdrop.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
    backdrop.contents = noise(64, 64, seed: 1)
    backdrop.magnificationFilter = .nearest
    try root.addSublayer(backdrop)
    for (i, mode) in BlendMode.allCases.enumerated() {
      let card = Layer()
      card.frame = CGRect(x: Double(i % 4) * 13, y: Double(i / 4) * 11, width: 29, height: 23)
      card.contents = noise(29, 23, seed: UInt64(i + 2))
      card.magnificationFilter = .nearest
      card.compositingFilter = mode
      if i % 3 == 1 { card.opacity = 0.55 }
      if i % 4 == 2 {
        let mask = Layer()
        mask.frame = CGRect(x: 0, y: 0, width: 29, height: 23)
        mask.contents = noise(29, 23, seed: UInt64(i + 40))
        mask.magnificationFilter = .nearest
        card.mask = mask
      }
      if i % 5 == 3 {
        // Under a rounded clip: the composite carries a clip coverage.
        let clip = Layer()
        clip.frame = CGRect(x: 1, y: 1, width: 62, height: 62)
        clip.masksToBounds = true
        clip.cornerRadius = 20
        card.frame = card.frame.offsetBy(dx: -1, dy: -1)
        try clip.addSublayer(card)
        try root.addSublayer(clip)
      } else {
        try root.addSublayer(card)
      }
    }
    return root
  }

  /// `plan` drawn with a kernel switched off (`use(false)`) and on: how
  /// many bytes differ, and how many shades of red the first render holds
  /// (so a render of nothing cannot pass).
  static func kernelAgainstSwift(_ plan: RenderPlan, _ use: (Bool) -> Void) -> (differing: Int, shades: Int) {
    use(false)
    let swift = CPURenderer().render(plan)
    use(true)
    let kernel = CPURenderer().render(plan)
    let differing = zip(kernel.pixels, swift.pixels).filter { $0 != $1 }.count
    return (differing, Set(stride(from: 0, to: swift.pixels.count, by: 4).map { swift.pixels[$0] }).count)
  }

  @Test func theKernelDrawsTheSwiftLoopsBytes() throws {
    guard spanBlendHasAVX2 else { return }
    let plan = try RenderPlan(root: try Self.tree(), size: CGSize(width: 64, height: 64))
    let (differing, shades) = Self.kernelAgainstSwift(plan) { CompositeStage.useBlendKernel = $0 }
    #expect(differing == 0, "\(differing) bytes differ")
    #expect(shades > 200)
  }

  /// Noise whose columns from `clearFrom` on are transparent.
  static func halfClear(_ w: Int, _ h: Int, seed: UInt64, clearFrom: Int) -> Image {
    var bytes = noise(w, h, seed: seed).pixels
    for y in 0..<h { for x in clearFrom..<w { for c in 0..<4 { bytes[(y * w + x) * 4 + c] = 0 } } }
    return Image(width: w, height: h, premultipliedPixels: bytes)
  }

  /// Groups without a mode (`lamina_composite_span8`), faded and masked,
  /// with runs of transparent texels and of transparent mask (the
  /// kernel's skipped groups of eight) beside noise.
  @Test func theCompositeKernelDrawsTheSwiftLoopsBytes() throws {
    guard spanBlendHasAVX2 else { return }
    let root = try Self.tree()
    for i in 0..<6 {
      let card = Layer()
      card.frame = CGRect(x: Double(i) * 7, y: Double(i) * 9, width: 37, height: 21)
      card.contents = Self.halfClear(37, 21, seed: UInt64(90 + i), clearFrom: 8 + 4 * i)
      card.magnificationFilter = .nearest
      if i % 2 == 1 { card.opacity = 0.6 }
      if i % 3 != 0 {
        let mask = Layer()
        mask.frame = CGRect(x: 0, y: 0, width: 37, height: 21)
        mask.contents = Self.halfClear(37, 21, seed: UInt64(120 + i), clearFrom: 30 - 3 * i)
        mask.magnificationFilter = .nearest
        card.mask = mask
      }
      let group = Layer()
      group.frame = card.frame
      card.frame.origin = .zero
      group.opacity = 0.8
      try group.addSublayer(card)
      try root.addSublayer(group)
    }
    let plan = try RenderPlan(root: root, size: CGSize(width: 64, height: 64))
    let (differing, shades) = Self.kernelAgainstSwift(plan) { CompositeStage.useBlendKernel = $0 }
    #expect(differing == 0, "\(differing) bytes differ")
    #expect(shades > 200)
  }

  /// `lamina_blend_color_span8` (blended shapes: one colour × coverage ×
  /// clip) against ModeSpanBlender's Swift loop, `blendPixel(_:_:_:mode:)`
  /// per pixel: every mode, opaque and translucent colours, rows of 1 to
  /// 37 pixels (the kernel's padded tail), coverages of 0, 1 and between,
  /// with and without a clip, over random backdrops (transparent ones too).
  @Test func theColourKernelDrawsTheSwiftLoopsBytes() throws {
    try #require(spanBlendHasAVX2, "this CPU has no AVX2: nothing to compare")
    var state: UInt64 = 7
    func next() -> Float {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Float(state >> 40) / Float(1 << 24)
    }
    let backdrop = Self.noise(37, 1, seed: 3).pixels
    let colours: [SIMD4<Float>] = [SIMD4(0.9, 0.2, 0.4, 1), SIMD4(0.1, 0.3, 0.25, 0.5), SIMD4(0, 0, 0, 0.02)]
    var compared = 0, changed = 0
    for mode in BlendMode.allCases {
      for colour in colours {
        for count in [1, 7, 8, 9, 16, 37] {
          let values = (0..<count).map { i in i % 5 == 0 ? 1 : i % 7 == 3 ? 0 : next() }
          let clip = (0..<count).map { _ in next() < 0.2 ? 1 : next() }
          for clipped in [false, true] {
            var wide = Array(backdrop[0..<(count * 4)]), narrow = wide
            let (a, b) = (ModeSpanBlender(colour, mode: mode, wide: true), ModeSpanBlender(colour, mode: mode, wide: false))
            values.withUnsafeBufferPointer { v in
              clip.withUnsafeBufferPointer { c in
                wide.withUnsafeMutableBufferPointer {
                  a.blend($0.baseAddress!, v.baseAddress!, clip: clipped ? c.baseAddress! : nil, count: count)
                }
                narrow.withUnsafeMutableBufferPointer {
                  b.blend($0.baseAddress!, v.baseAddress!, clip: clipped ? c.baseAddress! : nil, count: count)
                }
              }
            }
            #expect(wide == narrow, "\(mode) of \(colour), \(count) pixels, clipped \(clipped)")
            compared += 1
            if narrow != Array(backdrop[0..<(count * 4)]) { changed += 1 }
          }
        }
      }
    }
    // Most rows change their pixels: a kernel and loop that drew nothing would agree.
    #expect(changed > compared * 3 / 4, "\(changed) of \(compared) rows changed")
  }
}
