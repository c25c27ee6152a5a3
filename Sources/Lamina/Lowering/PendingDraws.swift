// PendingDraws: draws the walk leaves to be made after it, on every core:
// strokes waiting for their outlines (LoweringStrokes.swift) and text
// layers waiting for their glyphs' draws (TextEmitter.swift). Each left a
// placeholder draw where its draws belong; `resolvePendingDraws` makes
// them all together and puts them in place of their placeholders (none
// for a stroke whose outline is empty or a text whose glyphs are all out
// of reach). It runs before anything reads the surfaces' commands (a
// group's drawn bounds, a raster's content hash) and at the end of the
// lowering, so every plan holds what the one-by-one walk made, draw for
// draw, in the same order.
//
// Errors: a stroke or text that cannot be drawn is reported with its
// layer's place; when several are, the first in the walk's order among
// those pending. Such an error may come after an error of a later layer met
// before the pending draws were made.
//
// Rejected: making each kind apart with its own splice (a surface with
// both would be rebuilt twice), and inserting each text's draws into the
// surface's list in turn (every insertion moves the list's tail: S7's 52
// texts into one list of ~2,000 commands).

import Foundation
import Synchronization

extension PlanBuilder {
  /// The workers strokes are outlined, text is laid out and texts' draws
  /// are made with: the machine's cores.
  static let workerThreads = ProcessInfo.processInfo.activeProcessorCount

  /// The order number of the next pending draw.
  func nextPendingOrder() -> Int {
    pendingOrder += 1
    return pendingOrder
  }

  /// Leaves the draws of `runs` of a text to `resolvePendingDraws`, with a
  /// placeholder in surface `target.surface` where they belong.
  func deferText(_ target: TextTarget, runs: [(run: TextLayout.Run, paint: TextPaint)]) {
    pendingTexts.append(PendingText(
      order: nextPendingOrder(), surface: target.surface, index: surfaces[target.surface].commands.count,
      target: target, runs: runs))
    add(
      .path(PathDraw(
        matrix: target.matrix, polygons: PolygonSet(), rule: .nonZero, color: .transparent, clips: target.clips,
        name: target.name)), to: target.surface)
  }

  /// Forgets the pending draws of surfaces from `s` on (dropped).
  func dropPendingDraws(from s: Int) {
    pendingStrokes.removeAll { $0.surface >= s }
    pendingTexts.removeAll { $0.surface >= s }
  }

  /// Makes every pending draw (on every core) and puts them in place of
  /// their placeholders.
  func resolvePendingDraws() throws(LoweringError) {
    guard !pendingStrokes.isEmpty || !pendingTexts.isEmpty else { return }
    let strokes = pendingStrokes, texts = pendingTexts
    (pendingStrokes, pendingTexts) = ([], [])
    let outlines = outlines(of: strokes)
    let textDraws = draws(of: texts)
    // The first failure in the walk's order.
    var failure: (order: Int, error: LoweringError)?
    for (job, outline) in zip(strokes, outlines) {
      if case .failure(let error) = outline, job.order < failure?.order ?? .max {
        failure = (job.order, .invalidShape(layer: place(of: job.layer), reason: error.description))
      }
    }
    for (job, draws) in zip(texts, textDraws) {
      if case .failure(let error) = draws, job.order < failure?.order ?? .max {
        failure = (job.order, .invalidText(layer: place(of: job.target.layer), reason: error.reason))
      }
    }
    if let failure { throw failure.error }
    // Each placeholder's replacement, by surface, in index order.
    var replacements: [Int: [(index: Int, by: Replacement)]] = [:]
    for (job, outline) in zip(strokes, outlines) {
      guard case .success(let polygons) = outline else { preconditionFailure("a stroke's failure was not thrown") }
      replacements[job.surface, default: []].append((job.index, .outline(polygons)))
    }
    for (job, draws) in zip(texts, textDraws) {
      guard case .success(let draws) = draws, case .path(let d) = surfaces[job.surface].commands[job.index],
        d.matrix == job.target.matrix
      else { preconditionFailure("a pending text's placeholder moved") }
      replacements[job.surface, default: []].append((job.index, .draws(draws)))
    }
    for (s, list) in replacements { replace(in: s, list.sorted { $0.index < $1.index }) }
  }

  /// What takes a placeholder's place: a stroke's outline in its draw (none
  /// when empty), or a text's draws.
  private enum Replacement {
    case outline(PolygonSet)
    case draws([DrawCommand])
  }

  /// The commands `by` puts in place of `placeholder`.
  private static func commands(_ by: Replacement, replacing placeholder: DrawCommand) -> [DrawCommand] {
    switch by {
    case .draws(let draws): return draws
    case .outline(let polygons): return polygons.isEmpty ? [] : [outlined(polygons, placeholder)]
    }
  }

  /// A stroke's draw holding its outline: the draw as it is now (its
  /// matrix and clips as moved since, if they were).
  private static func outlined(_ polygons: PolygonSet, _ placeholder: DrawCommand) -> DrawCommand {
    guard case .path(let d) = placeholder else { preconditionFailure("a pending stroke's draw moved") }
    return .path(PathDraw(matrix: d.matrix, polygons: polygons, rule: d.rule, color: d.color, clips: d.clips, name: d.name))
  }

  /// Puts each replacement of `list` (ascending indices) in place of the
  /// command at its index: in place, last first, when each is one command
  /// or none (strokes: S10's 400 each frame); else by building the list
  /// again once.
  private func replace(in s: Int, _ list: [(index: Int, by: Replacement)]) {
    let inPlace = list.allSatisfy {
      if case .draws(let draws) = $0.by { draws.count <= 1 } else { true }
    }
    if inPlace {
      for (index, by) in list.reversed() {
        switch by {
        case .outline(let polygons) where !polygons.isEmpty:
          surfaces[s].commands[index] = Self.outlined(polygons, surfaces[s].commands[index])
        case .draws(let draws) where !draws.isEmpty:
          surfaces[s].commands[index] = draws[0]
        default:
          surfaces[s].commands.remove(at: index)
        }
      }
      return
    }
    var old: [DrawCommand] = []
    swap(&old, &surfaces[s].commands)
    var new: [DrawCommand] = []
    new.reserveCapacity(old.count + list.count)
    var next = 0
    for (index, by) in list {
      new.append(contentsOf: old[next..<index])
      new.append(contentsOf: Self.commands(by, replacing: old[index]))
      next = index + 1
    }
    new.append(contentsOf: old[next...])
    surfaces[s].commands = new
  }

  /// The pending texts' draws, made on every core, one emitter per worker
  /// (kept for the lowering's later texts), in the texts' order.
  private func draws(of texts: [PendingText]) -> [Result<[DrawCommand], TextEmitError>] {
    guard !texts.isEmpty else { return [] }
    let workers = min(Self.workerThreads, texts.count)
    while textEmitters.count < workers { textEmitters.append(TextEmitter(limits: limits)) }
    let slots = UnsafeMutableBufferPointer<Result<[DrawCommand], TextEmitError>?>.allocate(capacity: texts.count)
    slots.initialize(repeating: nil)
    defer {
      _ = slots.deinitialize()
      slots.deallocate()
    }
    // Each worker takes its own emitter; each slot is written by the one
    // worker that took its index. The most runs first.
    nonisolated(unsafe) let (results, emitters, jobs) = (slots, textEmitters, texts)
    let taking = Atomic<Int>(0)
    let order = heaviestFirst(texts) { $0.runs.count }
    concurrentForEach(texts.count, threads: workers, order: order, local: {
      emitters[taking.add(1, ordering: .relaxed).oldValue]
    }) { i, emitter in
      do throws(TextEmitError) {
        results[i] = .success(try emitter.draws(of: jobs[i]))
      } catch {
        results[i] = .failure(error)
      }
    }
    return slots.map { $0! }
  }
}
