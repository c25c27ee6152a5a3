// The peer scenes S1, S2 and S3 of docs/bench-scenes.md as layer trees, with
// exactly the layouts the peer scripts draw (same LCG, same rounding:
// Python's `round` is half-to-even, so `.toNearestOrEven` here).
//
// S1 and S2 cards: white, cornerRadius, a 2-point `#333333` border (drawn
// inside the bounds, as on CALayer), shadowOpacity 0.5 black, offset (0, 4),
// shadowRadius = the Gaussian's σ (docs/scene-format.md). S3: one cached
// 1024×1024 test image as the contents of 200 layers, per variant the
// layer's minification/magnification filters.
import Lamina

enum PeerScenes {
  static var all: [BenchScene] {
    [s1] + [2.0, 8, 32].map(s2) + [ContentsFilter.nearest, .linear, .trilinear].map(s3)
  }

  static let cardStroke = Color(hex: "#333333")!

  /// A card of docs/bench-scenes.md: white, rounded, bordered, shadowed.
  static func card(_ frame: CGRect, radius: Double, sigma: Double) -> Layer {
    let card = Layer()
    card.frame = frame
    card.backgroundColor = .white
    card.cornerRadius = radius
    card.borderWidth = 2
    card.borderColor = cardStroke
    card.shadowOpacity = 0.5
    card.shadowColor = .black
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowRadius = sigma
    return card
  }

  // MARK: S1

  /// Top-left corners of the 1000 cards, in draw order (`cards_layout`).
  static func cardsLayout() -> [CGPoint] {
    var rng = LCG(seed: 12345)
    let columns = 40
    let rows = 25
    let stepX = (1920.0 - 120 - 40) / Double(columns - 1)
    let stepY = (1080.0 - 80 - 40) / Double(rows - 1)
    var corners: [CGPoint] = []
    corners.reserveCapacity(columns * rows)
    for r in 0..<rows {
      for c in 0..<columns {
        let jx = (rng.next() * 2 - 1) * 6
        let jy = (rng.next() * 2 - 1) * 6
        corners.append(
          CGPoint(
            x: (20 + Double(c) * stepX + jx).rounded(.toNearestOrEven),
            y: (20 + Double(r) * stepY + jy).rounded(.toNearestOrEven)))
      }
    }
    return corners
  }

  /// S1: 1000 shadowed cards on 1920×1080.
  static let s1 = BenchScene("S1", width: 1920, height: 1080) { _ in
    let root = BenchScene.rootLayer(width: 1920, height: 1080)
    for (i, p) in cardsLayout().enumerated() {
      let card = card(CGRect(x: p.x, y: p.y, width: 120, height: 80), radius: 12, sigma: 4)
      card.name = "card\(i)"
      try root.addSublayer(card)
    }
    return root
  }

  // MARK: S2

  /// S2: one 400×300 card on 800×600, shadow σ = `sigma`.
  static func s2(_ sigma: Double) -> BenchScene {
    BenchScene("S2-sigma\(Int(sigma))", width: 800, height: 600) { _ in
      let root = BenchScene.rootLayer(width: 800, height: 600)
      let card = card(CGRect(x: 200, y: 150, width: 400, height: 300), radius: 24, sigma: sigma)
      card.name = "card"
      try root.addSublayer(card)
      return root
    }
  }

  // MARK: S3

  /// Destination rectangles of the 200 images, in draw order (`images_layout`).
  static func imagesLayout() -> [CGRect] {
    var rng = LCG(seed: 777)
    let count = 200
    var items: [CGRect] = []
    items.reserveCapacity(count)
    for i in 0..<count {
      let s = 0.05 * pow(3.0 / 0.05, Double(i) / Double(count - 1))
      let cx = rng.next() * 1920
      let cy = rng.next() * 1080
      let size = Double(TestImage.size) * s
      items.append(CGRect(x: cx - size / 2, y: cy - size / 2, width: size, height: size))
    }
    for i in stride(from: count - 1, through: 1, by: -1) {
      let j = Int(rng.next() * Double(i + 1))
      items.swapAt(i, j)
    }
    return items
  }

  /// S3: the test image drawn 200 times with `filter` (`.linear` is "bilinear";
  /// `.trilinear` minifies trilinearly and magnifies linearly).
  static func s3(_ filter: ContentsFilter) -> BenchScene {
    let label = filter == .linear ? "bilinear" : filter.rawValue
    return BenchScene("S3-\(label)", width: 1920, height: 1080) { _ in
      let root = BenchScene.rootLayer(width: 1920, height: 1080)
      let image = TestImage.shared
      for (i, rect) in imagesLayout().enumerated() {
        let layer = Layer()
        layer.name = "image\(i)"
        layer.frame = rect
        layer.contents = image
        layer.minificationFilter = filter
        layer.magnificationFilter = filter == .trilinear ? .linear : filter
        try root.addSublayer(layer)
      }
      return root
    }
  }
}
