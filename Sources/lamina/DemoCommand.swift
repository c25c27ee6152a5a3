// `lamina demo [--out DIR]`: a new user's first command. Renders every
// figure of Examples/ with both backends (one renderer each, reused), writes
// `<id>-gl.png`, `<id>-cpu.png`, `<id>-diff.png` (the ImageDiff heat map),
// `index.html` (captions, renders side by side, differences, parity) and
// the contact sheet `gallery.png` (static figures), then runs a short
// `bench --suite peers` and prints its table. An animated figure (chapters
// 8–10: animations and a `canvas.duration`) is drawn frame by frame
// instead: its `-gl.png` and `-cpu.png` are animated PNGs, beside a frame
// strip `<id>-strip.png` (Demo/AnimatedFigure.swift). A figure that fails
// is reported on the page and on standard error, and the others still
// render; the exit status is then 1.
import ArgumentParser
import Lamina
import LaminaCPU
import LaminaGL

struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract:
      "Render the book's figures with GL and CPU into an HTML gallery, then run a short benchmark.")

  @Option(help: "The folder to write (created if missing).") var out: String = "lamina-demo"
  @Option(help: "The folder of figure-*.json scene files.") var examples: String = "Examples"
  @Option(parsing: .unconditional, help: "Timed frames per scene of the closing benchmark (after one warm-up); 0 skips it.")
  var benchFrames: Int = 1

  func validate() throws {
    guard benchFrames >= 0 else { throw ValidationError("--bench-frames must be 0 or more") }
  }

  func run() throws {
    let figures: [Figure]
    do {
      figures = try Figure.all(in: examples)
    } catch {
      throw ValidationError(
        "cannot list \(examples): \(error.localizedDescription); run from the project folder or pass --examples"
      )
    }
    guard !figures.isEmpty else { throw ValidationError("no figure-*.json in \(examples)") }
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)

    let gl: GLRenderer?
    do {
      gl = try GLRenderer()
    } catch {
      warn("lamina demo: GL unavailable (\(error)); the page shows CPU renders only")
      gl = nil
    }
    let cpu = CPURenderer()
    let progress = ProgressBar(total: figures.count * 2)
    var entries: [FigureEntry] = []
    var thumbnails: [Image] = []
    var rendered = 0
    for figure in figures {
      let outcome = render(figure, gl: gl, cpu: cpu, progress: progress)
      if case .success(let drawn) = outcome {
        rendered += 1
        if let still = drawn.still { thumbnails.append(still) }
      }
      entries.append(
        FigureEntry(
          figure: figure, outcome: outcome.map(\.diff),
          animation: (try? outcome.get())?.animation))
    }
    progress.finish()

    for entry in entries {
      switch entry.outcome {
      case .success(let diff):
        let frames = entry.animation.map { a in
          " (\(a.frameCount) frames" + (a.worstFrame.map { ", worst frame \($0)" } ?? "") + ")"
        }
        say("\(entry.figure.id): \(diff.map(DemoPage.parity) ?? "CPU only")\(frames ?? "")")
      case .failure(let failure): warn("\(entry.figure.id): \(failure)")
      }
    }
    try ContactSheet.sheet(thumbnails).writePNG(to: "\(out)/gallery.png")
    let glName = try? GLInfo.probe().renderer
    // The page is written before the benchmark and again with its table,
    // so the gallery stands even if the benchmark is interrupted.
    try writePage(entries, glName, nil)
    say(
      "\nwrote \(out)/index.html and \(out)/gallery.png (\(rendered) of \(figures.count) figures; \(thumbnails.count) still on the sheet)"
    )
    if benchFrames > 0 {
      say()
      let table = try BenchCommand.execute(
        try BenchSuite.peers.scenes(), backends: gl == nil ? ["cpu"] : ["gl", "cpu"], frames: benchFrames,
        warmup: 1,
        jsonPath: "\(out)/bench.json")
      try writePage(entries, glName, table)
    }
    if rendered < figures.count { throw ExitCode(1) }
  }

  private func writePage(_ entries: [FigureEntry], _ glName: String?, _ table: String?) throws {
    let page = DemoPage.html(entries, glRenderer: glName, benchTable: table)
    guard FileManager.default.createFile(atPath: "\(out)/index.html", contents: Data(page.utf8))
    else {
      throw ValidationError("cannot write \(out)/index.html")
    }
  }

  /// Renders one figure on both backends and writes its PNGs: a still
  /// (its CPU image is returned for the contact sheet) or an animation.
  private func render(
    _ figure: Figure, gl: GLRenderer?, cpu: CPURenderer, progress: ProgressBar
  ) -> Result<(still: Image?, diff: ImageDiff?, animation: AnimationSummary?), FigureFailure> {
    do {
      progress.show("\(figure.id) loading")
      let scene: Scene
      do {
        scene = try Scene(contentsOfFile: figure.path)
      } catch {
        throw FigureFailure(
          description: error.errors.map { $0.located(in: figure.path) }.joined(separator: "; "))
      }
      if AnimatedFigure.isAnimated(scene) {
        let (diff, summary) = try AnimatedFigure.render(
          scene, id: figure.id, out: out, gl: gl, cpu: cpu, progress: progress)
        return .success((nil, diff, summary))
      }
      let plan = try scene.renderPlan()
      let cpuImage = cpu.render(plan)
      progress.step("\(figure.id) cpu")
      try cpuImage.writePNG(to: "\(out)/\(figure.id)-cpu.png")
      guard let gl else {
        progress.step("\(figure.id) (no GL)")
        return .success((cpuImage, nil, nil))
      }
      let glImage = try gl.render(plan)
      progress.step("\(figure.id) gl")
      try glImage.writePNG(to: "\(out)/\(figure.id)-gl.png")
      let diff = try ImageDiff(glImage, cpuImage)
      try Image(diff.heatmap()).writePNG(to: "\(out)/\(figure.id)-diff.png")
      return .success((cpuImage, diff, nil))
    } catch let failure as FigureFailure {
      return .failure(failure)
    } catch {
      return .failure(FigureFailure(description: "\(error)"))
    }
  }
}
