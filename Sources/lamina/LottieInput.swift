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
func lottieScene(
  _ animation: LottieAnimation, size: String?, scale: Double?, viewport: String? = nil, overrides: [String] = []
) throws -> Scene {
  let values = try overrides.map(parseOverride)
  let pixels = try size.map(parsePixelSize)
  let frame = try viewport.map(parseViewport)
  var s = scale ?? 1
  if scale == nil, let pixels {
    s = min(Double(pixels.width) / animation.size.width, Double(pixels.height) / animation.size.height)
  }
  guard s.isFinite, s > 0 else { throw ValidationError("--scale must be a positive number") }
  do {
    return try animation.scene(scale: s, pixelSize: pixels, viewport: frame, overrides: values)
  } catch {
    warn("\(error)")
    throw ExitCode(1)
  }
}

/// `--viewport X,Y,W,H`: the part of the composition (points) that fills
/// the output, as `LottieAnimationView.viewportFrame`.
func parseViewport(_ s: String) throws -> CGRect {
  let v = s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
  guard v.count == 4, let x = v[0], let y = v[1], let w = v[2], let h = v[3], [x, y, w, h].allSatisfy(\.isFinite),
    w > 0, h > 0
  else { throw ValidationError("--viewport needs X,Y,W,H (finite numbers, W and H > 0), got \(s)") }
  return CGRect(x: x, y: y, width: w, height: h)
}

/// `--set KEYPATH=VALUE`: a value provider. VALUE is a colour `#RRGGBB` or
/// `#RRGGBBAA`, a number, a point `X,Y`, keyframes `VALUE@FRAME;VALUE@FRAME…`
/// of one of those, or a gradient `gradient:#RRGGBBAA:LOCATION,…`.
func parseOverride(_ s: String) throws -> LottieOverride {
  guard let eq = s.lastIndex(of: "="), eq != s.startIndex else {
    throw ValidationError("--set needs KEYPATH=VALUE, got \(s)")
  }
  let keypath = String(s[..<eq]), text = String(s[s.index(after: eq)...])
  func color(_ t: Substring) -> [Double]? {
    guard t.hasPrefix("#"), let c = Color(hex: String(t)) else { return nil }
    return [c.red, c.green, c.blue, c.alpha]
  }
  let bad = ValidationError(
    "--set \(keypath): cannot read \(text) (a colour #RRGGBB[AA], a number, a point X,Y, keyframes V@FRAME;…, or gradient:#RRGGBBAA:LOCATION,…)")
  if text.hasPrefix("gradient:") {
    var colors: [[Double]] = [], locations: [Double] = []
    for stop in text.dropFirst("gradient:".count).split(separator: ",") {
      let parts = stop.split(separator: ":")
      guard parts.count == 2, let c = color(parts[0]), let l = Double(parts[1]) else { throw bad }
      colors.append(c)
      locations.append(l)
    }
    return LottieOverride(keypath: keypath, value: .gradient(colors: colors, locations: locations))
  }
  let entries = text.split(separator: ";").map { e -> (Substring, Double) in
    guard let at = e.lastIndex(of: "@"), let f = Double(e[e.index(after: at)...]) else { return (e, 0) }
    return (e[..<at], f)
  }
  guard let first = entries.first?.0 else { throw bad }
  if color(first) != nil {
    var out: [(frame: Double, rgba: [Double])] = []
    for (v, f) in entries {
      guard let c = color(v) else { throw bad }
      out.append((f, c))
    }
    return LottieOverride(keypath: keypath, value: .color(out))
  }
  if first.contains(",") {
    var out: [(frame: Double, x: Double, y: Double)] = []
    for (v, f) in entries {
      let p = v.split(separator: ",").compactMap { Double($0) }
      guard p.count == 2 else { throw bad }
      out.append((f, p[0], p[1]))
    }
    return LottieOverride(keypath: keypath, value: .point(out))
  }
  var out: [(frame: Double, value: Double)] = []
  for (v, f) in entries {
    guard let x = Double(v), x.isFinite else { throw bad }
    out.append((f, x))
  }
  return LottieOverride(keypath: keypath, value: .number(out))
}
