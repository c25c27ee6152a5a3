// Canvases: the frames a renderer returned, kept so that its next frame
// is written over the pixels of one the caller has let go of, as a swap
// chain reuses its images. Both backends use it: LaminaCPU draws its
// canvas there, LaminaGL reads the framebuffer back there.
//
// Why: a fresh 1920×1080 frame is 8.3 MB that the kernel maps and zeroes
// page by page on first touch, ~2,000 page faults. On this project's
// 2-core VM, S5's first steady frames on the CPU faulted ~3,400 pages each
// and took 7.1 ms, against 3.7 once glibc happened to keep the memory (its
// mmap threshold rises as big blocks are freed): a frame's speed depended
// on the allocator's history. The peers keep one target image and draw
// into it every frame; a renderer here returns a new immutable `Image`
// each frame, so it reuses the storage of one that nobody holds.
//
// Two are kept: a caller that holds frame n while n + 1 is made (an
// encoder, a diff against the last frame, the bench) has let go of n − 1,
// the one reused. Only an image the renderer alone references is reused
// (`isKnownUniquelyReferenced`), so an image anybody still holds never
// changes; if its pixel array alone is still held elsewhere, writing
// copies the array first (Swift's copy on write): correct, only slower.
//
// Rejected: drawing into a caller's buffer (`render(into:)`, as Skia and
// Blend2D take a target): a second way to draw, and every existing caller
// would keep the faults; and malloc tunables or madvise, which belong to
// the process, not to a library.

/// The last images a renderer returned, newest last, kept for their storage.
package final class Canvases {
  /// How many returned images are kept (their pixels stay allocated).
  package static let kept = 2
  private var returned: [Image] = []

  package init() {}

  /// The pixels (`count` bytes, any content) of a kept image that nobody
  /// else references any more, taken out of the list; nil if none.
  package func reusable(count: Int) -> [UInt8]? {
    for i in returned.indices where returned[i].pixels.count == count {
      // The image is released when this statement ends, leaving its
      // array referenced by the caller alone.
      if isKnownUniquelyReferenced(&returned[i]) { return returned.remove(at: i).pixels }
    }
    return nil
  }

  /// `count` bytes to write a whole frame into: a reusable kept image's
  /// pixels when `reusing`, else a new array, uninitialised; `write`
  /// fills all of them.
  package func pixels(
    count: Int, reusing: Bool = true, _ write: (UnsafeMutablePointer<UInt8>) throws -> Void
  ) rethrows -> [UInt8] {
    guard count > 0 else { return [] }
    if reusing, var reused = reusable(count: count) {
      try reused.withUnsafeMutableBufferPointer { try write($0.baseAddress!) }
      return reused
    }
    return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      try write(buffer.baseAddress!)
      initialized = count
    }
  }

  /// Keeps `image` as the newest returned frame (dropping the oldest).
  package func returned(_ image: Image) {
    guard !image.pixels.isEmpty else { return }
    returned.append(image)
    if returned.count > Self.kept { returned.removeFirst() }
  }

  /// Lets every kept image go.
  package func removeAll() { returned.removeAll() }
}
