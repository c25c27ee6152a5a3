// SceneTextDecoder: the values of `textLayer` (docs/scene-format.md,
// "textLayer"): `string` as a JSON string or an array of attributed runs,
// `font` (a font file must exist and be a font: it is opened now, as a
// PNG is read), and the limits on text a scene may hold (TextLimits), checked here with
// the value's JSON path so that a hostile scene is refused before any
// layout work. The keys themselves are declared in LayerProperties.text.
//
// Rejected: checking the limits only in the layout (a scene would load and
// fail later, far from the text that caused it, and without a path).

extension SceneCodec where Value == TextContent? {
  /// A string, or an array of runs `{"text", "font", "fontSize",
  /// "foregroundColor"}` (a missing key takes the layer's). Written back as
  /// it was given: a string stays a string.
  static var textContent: Self {
    Self(
      read: { d, v, p in d.textContent(v, p).map { .some($0) } },
      write: { content in
        switch content {
        case nil: return JSONValue(.null)
        case .plain(let s)?: return JSONValue(.string(s))
        case .attributed(let runs)?: return JSONValue(.array(runs.map(SceneWriter.textRun)))
        }
      },
      isEqual: { $0 == $1 },
      isFinite: { content in
        guard case .attributed(let runs)? = content else { return true }
        return runs.allSatisfy { run in
          (run.fontSize?.isFinite ?? true)
            && (run.foregroundColor.map {
              [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite)
            } ?? true)
        }
      })
  }
}

extension SceneWriter {
  /// One attributed run as scene JSON (only the attributes it sets).
  static func textRun(_ run: TextRun) -> JSONValue {
    var members = [member("text", JSONValue(.string(run.text)))]
    if let font = run.font { members.append(member("font", JSONValue(.string(font)))) }
    if let size = run.fontSize { members.append(member("fontSize", JSONValue(.number(size)))) }
    if let color = run.foregroundColor {
      members.append(member("foregroundColor", colorJSON(color)))
    }
    return JSONValue(.object(members))
  }
}

extension SceneDecoder {
  // MARK: Text

  /// The keys of one attributed run.
  static let textRunKeys = ["text", "font", "fontSize", "foregroundColor"]

  /// A `font`: a name (any string: an unknown one falls back, with a
  /// warning, at layout) or a font file, which must exist and be a font
  /// (checked now, relative to the scene's folder, so the error has a path).
  mutating func font(_ value: JSONValue, _ path: [JSONPathComponent]) -> String? {
    guard let s = string(value, path) else { return nil }
    guard FontResolver.isPath(s) else { return s }
    let file = FontResolver.absolute(s, baseDirectory)
    if let problem = resources.fontFile(file) {
      fail(
        path, at: value.location, "cannot use the font file \(Excerpt.quoted(file, maximum: Excerpt.maximumPathScalars)): \(problem)")
      return nil
    }
    return s
  }

  /// `string`: a string or an array of runs, within `TextLimits.maxCharacters`.
  mutating func textContent(_ value: JSONValue, _ path: [JSONPathComponent]) -> TextContent? {
    let content: TextContent
    switch value.kind {
    case .string(let s):
      content = .plain(s)
    case .array:
      guard let elements = elements(value, path, expected: "a string or an array of runs") else {
        return nil
      }
      var runs: [TextRun] = []
      var ok = true
      for e in elements {
        if let run = textRun(e.value, e.path) { runs.append(run) } else { ok = false }
      }
      guard ok else { return nil }
      if let problem = TextLimits.fontCountViolation(runs) {
        fail(path, at: value.location, problem)
        return nil
      }
      content = .attributed(runs)
    default:
      typeMismatch(value, path, expected: "a string or an array of runs")
      return nil
    }
    if let problem = TextLimits.lengthViolation(content.text) {
      fail(path, at: value.location, problem)
      return nil
    }
    return content
  }

  private mutating func textRun(_ value: JSONValue, _ path: [JSONPathComponent]) -> TextRun? {
    guard let members = members(value, path, known: Self.textRunKeys, expected: "a run object")
    else {
      return nil
    }
    var run = TextRun("")
    var ok = true
    var hasText = false
    for m in members {
      let p = path + [.key(m.key)]
      switch m.key {
      case "text":
        if let s = string(m.value, p) {
          run.text = s
          hasText = true
        } else {
          ok = false
        }
      case "font":
        if let s = font(m.value, p) { run.font = s } else { ok = false }
      case "fontSize":
        if let v = number(m.value, p, .fontSize) { run.fontSize = v } else { ok = false }
      default:  // "foregroundColor"
        if case .some(.some(let c)) = color(m.value, p) {
          run.foregroundColor = c
        } else {
          ok = false
        }
      }
    }
    if !hasText && ok {
      fail(path, at: value.location, "a run needs \"text\"")
      return nil
    }
    return ok ? run : nil
  }
}
