// PreparedClips: a region wholly inside a clip skips its rasterization
// (ClipStage's fast path). The product must be the same Float bits as the
// plain rasterization (every clip accumulated, or its half-planes tested
// at every pixel centre) over every region: whole tiles and text-line
// strips, inside, across and outside the clip, under a perspective turn.
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct ClipStageTests {
  /// The clips' product over `region` without the fast path.
  static func plain(_ clips: PreparedClips, _ region: PixelRect, _ scratch: TileScratch) -> [Float] {
    let n = region.width * region.height
    var out = [Float](repeating: 1, count: n)
    for clip in clips.clips {
      switch clip {
      case .polygon(let polygon, _):
        scratch.accumulator.begin(region)
        scratch.accumulator.add(polygon)
        scratch.accumulator.resolve(into: scratch.temp)
        for i in 0..<n { out[i] *= scratch.temp[i] }
      case .halfPlanes(let lines):
        for j in 0..<region.height {
          for i in 0..<region.width
          where !PreparedClips.holds(lines, Double(region.x0 + i) + 0.5, Double(region.y0 + j) + 0.5) {
            out[j * region.width + i] = 0
          }
        }
      }
    }
    return out
  }

  @Test func regionsInsideAClipGetTheSameBits() {
    // A card like S7's: 296×256, corner radius 10, turned in perspective
    // about its centre, and a 3D-sort fragment's half-planes over it.
    let card = CGRect(x: 0, y: 0, width: 296, height: 256)
    let toCentre = Transform3D(translationX: -148, y: -128)
    let turn = Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0)
      .concatenating(Transform3D(rotationAngle: -0.15, x: 1, y: 0, z: 0))
      .concatenating(Transform3D(perspective: 900))
      .concatenating(Transform3D(translationX: 200.3, y: 170.6))
    let m = toCentre.concatenating(turn)
    let rounded = Clip(matrix: m, shape: .roundedRect(RoundedRect(rect: card, radii: [10, 10, 10, 10])))
    let fragment = Clip(
      matrix: m, shape: .convex([HalfPlane(a: 1, b: 0.2, c: -40), HalfPlane(a: -1, b: 0.1, c: 270)]))
    let limit = PixelRect(x0: 0, y0: 0, x1: 400, y1: 340)
    let scratch = TileScratch()
    var whole = 0, rasterized = 0
    // Cuts on the identity grid: through pixel centres (ties), nearly
    // along the rows (tested pixel by pixel), vertical and slanted.
    let ties = Clip(
      matrix: .identity,
      shape: .convex([
        HalfPlane(a: 1, b: 0, c: -100.5), HalfPlane(a: -1, b: 0, c: 300.5), HalfPlane(a: 0.0001, b: 1, c: -20),
        HalfPlane(a: -0.5, b: -1, c: 400.5),
      ]))
    for clips in [[rounded], [fragment], [rounded, fragment], [ties], [ties, fragment]] {
      let prepared = PreparedClips(clips, within: limit)
      for height in [64, 13] {
        for y0 in stride(from: 0, to: limit.y1, by: height) {
          for x0 in stride(from: 0, to: limit.x1, by: 64) {
            let region = PixelRect(x0: x0, y0: y0, x1: min(limit.x1, x0 + 64), y1: min(limit.y1, y0 + height))
            if prepared.clips.allSatisfy({ PreparedClips.holdsWhole($0, region) }) { whole += 1 } else { rasterized += 1 }
            prepared.render(region, scratch)
            let fast = Array(UnsafeBufferPointer(start: scratch.clip, count: region.width * region.height))
            let expected = Self.plain(prepared, region, scratch)
            let differing = zip(fast, expected).filter { $0.bitPattern != $1.bitPattern }.count
            #expect(differing == 0, "\(differing) values differ: \(clips.count) clips, \(region)")
          }
        }
      }
    }
    // Both paths were taken (a mutation making every region whole, or
    // none, is caught above or here).
    #expect(whole > 20 && rasterized > 20, "\(whole) whole, \(rasterized) rasterized")
  }
}
