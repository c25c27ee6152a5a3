// SurfaceStorage: the pixel memory of a frame's offscreen surfaces, kept
// for the next frame. A surface of more than 128 KiB was a fresh mmap each
// frame, faulted in page by page and unmapped at the end (TLB shootdowns
// across the worker threads): S8's 200 blended cards spent a tenth of
// their CPU time in the kernel. A block lent in one frame is free in the
// next; a block no frame took for a whole frame is released, so the memory
// kept is at most about two frames' offscreens.
//
// Rejected: keeping `Raster` objects by size (surfaces change size as
// layers move; a block is lent to any surface it holds), and pooling the
// rasters `shouldRasterize` keeps (they outlive the frame; they still own
// their memory).

/// Blocks of pixel memory lent to one frame's offscreens.
final class SurfaceStorage {
  private struct Block {
    var capacity: Int
    var pointer: UnsafeMutablePointer<UInt8>
  }
  /// Lent in the frame before, not yet taken in this one.
  private var free: [Block] = []
  /// Taken in this frame.
  private var lent: [Block] = []

  /// At least `bytes` bytes (4 or more) for this frame: the smallest free
  /// block that holds them, else a new one rounded up to 64 KiB.
  func take(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
    let need = max(4, bytes)
    var best = -1
    for (i, b) in free.enumerated() where b.capacity >= need && (best < 0 || b.capacity < free[best].capacity) {
      best = i
    }
    let block: Block
    if best >= 0 {
      block = free.remove(at: best)
    } else {
      let capacity = (need + 65_535) / 65_536 * 65_536
      block = Block(capacity: capacity, pointer: .allocate(capacity: capacity))
    }
    lent.append(block)
    return block.pointer
  }

  /// Ends the frame: blocks the frame did not take are released, the ones
  /// it took are free for the next.
  func endFrame() {
    for b in free { b.pointer.deallocate() }
    free = lent
    lent.removeAll(keepingCapacity: true)
  }

  /// The bytes held, free and lent (for tests).
  var bytes: Int { (free + lent).reduce(0) { $0 + $1.capacity } }

  deinit {
    for b in free + lent { b.pointer.deallocate() }
  }
}
