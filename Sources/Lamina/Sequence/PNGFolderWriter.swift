// PNGFolderWriter: a sequence's frames encoded and written to a folder of
// PNGs on as many threads as the machine has cores, while the caller draws
// the next frames. Encoding is most of a frame's cost (a 1920 × 1920 frame:
// about 60 ms with libpng's defaults, against tens of milliseconds to draw
// it), and frames are independent files, so they are encoded side by side;
// at most one frame per core waits or is encoded at a time, so memory stays
// a few frames. The first failure is thrown by the next `add` or by
// `finish`, which waits for every frame.
//
// Rejected: splitting one PNG's deflate stream across threads (pigz's way:
// it means writing our own PNG encoder instead of libpng's), and encoding
// on the drawing thread (one core idles while the other encodes).
import Dispatch
import Foundation
import Synchronization

final class PNGFolderWriter: Sendable {
  private let folder: String
  private let compression: PNGCompression
  private let queue = DispatchQueue(label: "lamina.png-folder", attributes: .concurrent)
  private let group = DispatchGroup()
  private let slots: DispatchSemaphore
  private let failure = Mutex<SequenceError?>(nil)

  init(folder: String, compression: PNGCompression, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.folder = folder
    self.compression = compression
    slots = DispatchSemaphore(value: max(1, threads))
  }

  /// Queues frame `n`'s image; throws an earlier frame's failure.
  func add(_ image: Image, frame n: Int) throws(SequenceError) {
    if let error = failure.withLock({ $0 }) { throw error }
    slots.wait()
    let file = "\(folder)/\(SequenceOutput.fileName(ofFrame: n))"
    let compression = self.compression
    queue.async(group: group) { [self] in
      defer { slots.signal() }
      do {
        try image.writePNG(to: file, compression: compression)
      } catch {
        failure.withLock { $0 = $0 ?? SequenceError("cannot write \(file): \(error)", kind: .output) }
      }
    }
  }

  /// Waits for every queued frame; throws the first failure.
  func finish() throws(SequenceError) {
    group.wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }
}
