// The coverage images of `shadowPath` silhouettes, kept across lowerings.
//
// A `shadowPath` that is not a rectangle is lowered to its exact coverage,
// rasterized into an image, then blurred by the backends (LoweringGroups'
// `emitPathShadow`). The lowering runs again for every frame of an
// animation, and an image is compared by identity (a plan's `ImageDraw`
// equality and hash, and so `PlanDamage`): a new image each frame made the
// shadow's group count as changed in every frame, and rasterized the path
// again. Here the image is made once per (path, path-to-grid transform,
// size) and handed out again while it is kept, so an unchanged shadow
// lowers to the same image object and is neither damaged nor rasterized.
//
// Bounded: at most `budgetBytes` of images are kept; past it the oldest
// are dropped (an image dropped here lives on while a plan holds it). A
// silhouette larger than the budget is made and not kept.
//
// Rejected: a cache on each layer (a presentation at time t copies its
// layers, so the model's cache would have to be threaded through every
// copy), and comparing images by content in the damage rule (a hash of
// every silhouette's pixels each frame, and the rasterization still paid).
import Synchronization

enum ShadowPathSilhouettes {
  /// What a silhouette image is a function of: the path, the affine map
  /// from its coordinates to the grid's pixels (bit for bit) and the grid.
  struct Key: Hashable {
    let path: Path
    let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    let width: Int, height: Int
  }

  /// Kept images' bytes at most: a few hundred card-sized silhouettes.
  static let budgetBytes = 64 << 20

  private struct Store {
    var images: [Key: Image] = [:]
    /// Keys in the order they were kept (the oldest first).
    var order: [Key] = []
    var bytes = 0
  }
  private static let store = Mutex(Store())

  /// `path.coverageImage(transform:width:height:)`, the same object for
  /// the same arguments while it is kept.
  static func image(of path: Path, transform t: CGAffineTransform, width: Int, height: Int) -> Image {
    // A key with a NaN never equals itself: such a map is not kept.
    guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
      return path.coverageImage(transform: t, width: width, height: height)
    }
    let key = Key(path: path, a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty, width: width, height: height)
    if let kept = store.withLock({ $0.images[key] }) { return kept }
    let made = path.coverageImage(transform: t, width: width, height: height)
    let size = made.pixels.count
    guard size <= budgetBytes else { return made }
    return store.withLock { s in
      if let raced = s.images[key] { return raced }
      while s.bytes + size > budgetBytes, !s.order.isEmpty {
        let oldest = s.order.removeFirst()
        s.bytes -= s.images.removeValue(forKey: oldest)?.pixels.count ?? 0
      }
      s.images[key] = made
      s.order.append(key)
      s.bytes += size
      return made
    }
  }

  /// Images kept now and their bytes (for tests).
  static var kept: (count: Int, bytes: Int) { store.withLock { ($0.images.count, $0.bytes) } }
}
