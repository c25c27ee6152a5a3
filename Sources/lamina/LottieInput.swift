// Lottie documents on the command line: `render` and `frames` take a
// Lottie JSON file where they take a scene, recognised by its top-level
// keys (`fr`, `ip`, `op`, `layers`; a scene has `canvas`). The output's
// size follows lottie-ios's snapshot views: the animation scaled uniformly
// from the top-left onto a transparent canvas: `--size WxH` (pixels; the
// scale fits the animation in), `--scale S` (pixels per point), or both.
import ArgumentParser
import Foundation
import Lamina
import LaminaLottie

/// Whether `path` holds a Lottie document rather than a scene: its top level
/// has `layers` and `fr` and no `canvas`.
func isLottieDocument(_ path: String) -> Bool {
  if path.hasSuffix(".lottie") { return true }
  guard let data = FileManager.default.contents(atPath: path) else { return false }
  return LottieAnimation.isLottieDocument([UInt8](data))
}

func loadLottie(_ path: String) throws -> LottieAnimation {
  do {
    return try LottieAnimation(contentsOf: path)
  } catch {
    let place = error.line > 0 ? "\(path):\(error.line):\(error.column)" : path
    warn("\(place): \(error)")
    throw ExitCode(1)
  }
}

/// `WxH` in pixels.
func parsePixelSize(_ s: String) throws -> (width: Int, height: Int) {
  let parts = s.lowercased().split(separator: "x")
  guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 32_768, h <= 32_768 else {
    throw ValidationError("--size must be WIDTHxHEIGHT in pixels (1…32768 each), got \(s)")
  }
  return (w, h)
}

/// The scene of a Lottie animation at the requested size.
func lottieScene(_ animation: LottieAnimation, size: String?, scale: Double?) throws -> Scene {
  let pixels = try size.map(parsePixelSize)
  var s = scale ?? 1
  if scale == nil, let pixels {
    s = min(Double(pixels.width) / animation.size.width, Double(pixels.height) / animation.size.height)
  }
  guard s.isFinite, s > 0 else { throw ValidationError("--scale must be a positive number") }
  do {
    return try animation.scene(scale: s, pixelSize: pixels)
  } catch {
    warn("\(error)")
    throw ExitCode(1)
  }
}
