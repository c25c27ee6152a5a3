// Layer trees built by hand that tests in several targets share (the CPU
// renderer's and the lowering's tests of one tree). Rejected: each test
// file building them again (two 5,000-layer grids and three canvas roots
// differed only in their colours and names).

import Lamina

public enum LayerFixtures {
  /// A `side` × `side` root layer placed where the canvas is.
  public static func canvas(_ side: Double, name: String? = nil) -> Layer {
    let root = Layer()
    root.name = name
    root.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    root.position = CGPoint(x: side / 2, y: side / 2)
    return root
  }

  /// Adds `count` 1 × 1 sublayers to `root` on a grid `columns` points
  /// wide, in reading order, layer i with the background `color(i)`.
  public static func addUnitSquares(_ count: Int, columns: Int, to root: Layer, color: (Int) -> Color) throws {
    for i in 0..<count {
      let l = Layer()
      l.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
      l.position = CGPoint(x: Double(i % columns) + 0.5, y: Double(i / columns) + 0.5)
      l.backgroundColor = color(i)
      try root.addSublayer(l)
    }
  }
}
