// Tree edits as CALayer does them: moves, insert at/above/below, refused
// cycles (typed errors with their messages), removal.
import Testing

@testable import Lamina

@Suite struct LayerTreeTests {
  private func named(_ name: String) -> Layer {
    let l = Layer()
    l.name = name
    return l
  }
  private func names(_ l: Layer) -> [String] { (l.sublayers ?? []).map { $0.name ?? "?" } }

  @Test func addSublayerMovesALayer() throws {
    let (p1, p2, c) = (named("p1"), named("p2"), named("c"))
    try p1.addSublayer(c)
    try p2.addSublayer(c)
    #expect(p1.sublayers == nil)
    #expect(names(p2) == ["c"])
    #expect(c.superlayer === p2)
    // Adding again to the same parent moves it to the front.
    let d = named("d")
    try p2.addSublayer(d)
    try p2.addSublayer(c)
    #expect(names(p2) == ["d", "c"])
  }

  @Test func insertAtAboveAndBelow() throws {
    let (p, a, b, c, d) = (named("p"), named("a"), named("b"), named("c"), named("d"))
    try p.addSublayer(a)
    try p.addSublayer(b)
    try p.insertSublayer(c, at: 0)
    #expect(names(p) == ["c", "a", "b"])
    try p.insertSublayer(d, above: c)
    #expect(names(p) == ["c", "d", "a", "b"])
    try p.insertSublayer(d, below: b)
    #expect(names(p) == ["c", "a", "d", "b"])
    // The index counts the sublayers without the one being moved.
    try p.insertSublayer(c, at: 3)
    #expect(names(p) == ["a", "d", "b", "c"])
    #expect(throws: LayerTreeError.indexOutOfRange(index: 4, count: 3)) {
      try p.insertSublayer(c, at: 4)
    }
    #expect(throws: LayerTreeError.indexOutOfRange(index: -1, count: 4)) {
      try p.insertSublayer(named("e"), at: -1)
    }
    #expect(throws: LayerTreeError.notASublayer("'x'")) {
      try p.insertSublayer(a, above: named("x"))
    }
    #expect(names(p) == ["a", "d", "b", "c"])
  }

  @Test func cyclesAreRefusedWithAMessage() throws {
    let (root, mid, leaf) = (named("root"), named("mid"), named("leaf"))
    try root.addSublayer(mid)
    try mid.addSublayer(leaf)
    #expect(throws: LayerTreeError.cycle(child: "'root'", parent: "'leaf'")) {
      try leaf.addSublayer(root)
    }
    #expect(throws: LayerTreeError.cycle(child: "'mid'", parent: "'mid'")) {
      try mid.addSublayer(mid)
    }
    #expect(throws: LayerTreeError.self) { try leaf.insertSublayer(mid, at: 0) }
    let error = LayerTreeError.cycle(child: "'root'", parent: "'leaf'")
    #expect(
      error.description == "cannot add 'root' to 'leaf': 'root' is 'leaf' or one of its ancestors")
    // The tree is unchanged.
    #expect(leaf.superlayer === mid && mid.superlayer === root && root.superlayer == nil)
  }

  @Test func removeFromSuperlayer() throws {
    let (p, a, b) = (named("p"), named("a"), named("b"))
    try p.addSublayer(a)
    try p.addSublayer(b)
    a.removeFromSuperlayer()
    #expect(names(p) == ["b"] && a.superlayer == nil)
    b.removeFromSuperlayer()
    #expect(p.sublayers == nil)
    b.removeFromSuperlayer()  // no superlayer: nothing happens
    #expect(b.superlayer == nil)
  }
}
