// Renderers on several threads at once give identical images, and a
// renderer releases every GL object it created.

import Foundation
import Synchronization
import Testing

@testable import Lamina
@testable import LaminaGL

@Suite("GL lifecycle", requiresGL)
struct LifecycleTests {
  @Test func parallelRenderersGiveIdenticalImages() throws {
    let plan = PlanFixtures.mixed
    let reference = try GLRenderer().render(plan).pixels
    let results = Mutex<[Result<[UInt8], GLError>]>([])
    let threads = (0..<4).map { _ in
      Thread {
        let result = Result { () throws(GLError) -> [UInt8] in
          let renderer = try GLRenderer()
          var last: [UInt8] = []
          for _ in 0..<3 { last = try renderer.render(plan).pixels }
          return last
        }
        results.withLock { $0.append(result) }
      }
    }
    for thread in threads { thread.start() }
    while results.withLock({ $0.count }) < threads.count { Thread.sleep(forTimeInterval: 0.005) }
    for result in results.withLock({ $0 }) {
      let pixels = try result.get()
      #expect(pixels == reference)
    }
  }

  @Test func oneRendererUsedFromManyThreadsInTurn() throws {
    let renderer = try GLRenderer()
    let plan = PlanFixtures.mixed
    let reference = try renderer.render(plan).pixels
    let group = DispatchGroup()
    let same = Mutex(0)
    for _ in 0..<4 {
      DispatchQueue.global().async(group: group) {
        if let image = try? renderer.render(plan), image.pixels == reference { same.withLock { $0 += 1 } }
      }
    }
    group.wait()
    #expect(same.withLock { $0 } == 4)
  }

  @Test func everyGLObjectIsReleased() throws {
    var renderer: GLRenderer? = try GLRenderer()
    let ledger = renderer!.ledger
    _ = try renderer!.render(PlanFixtures.mixed)
    _ = try renderer!.render(PlanFixtures.mixed)
    #expect(ledger.live(.program) > 0)
    #expect(ledger.live(.texture) > 0)
    #expect(ledger.live(.framebuffer) > 0)
    renderer = nil
    for kind in GLObjectLedger.Kind.allCases { #expect(ledger.live(kind) == 0, "\(kind) objects left") }
  }

  @Test func steadyFramesAllocateNothingNew() throws {
    let renderer = try GLRenderer()
    _ = try renderer.render(PlanFixtures.mixed)
    let textures = renderer.ledger.live(.texture)
    let programs = renderer.ledger.live(.program)
    for _ in 0..<3 { _ = try renderer.render(PlanFixtures.mixed) }
    #expect(renderer.ledger.live(.texture) == textures)
    #expect(renderer.ledger.live(.program) == programs)
  }
}
