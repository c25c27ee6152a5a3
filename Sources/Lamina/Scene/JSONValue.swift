// JSONValue: a parsed JSON document that remembers where every value came
// from (line and column, both 1-based, columns counted in Unicode scalars)
// and keeps object members in source order. The scene loader needs both:
// errors must point at the offending text, and a written scene must read in
// the order its author chose.
//
// Rejected: Foundation's JSONSerialization. It drops positions and key order,
// accepts duplicate keys silently, and bridges numbers through NSNumber.

/// Where a value starts in the source text.
package struct SourceLocation: Hashable, Sendable {
  package var line: Int
  package var column: Int
}

/// One step of a JSON path: an object key or an array index.
package enum JSONPathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// A JSON value with its source location.
package struct JSONValue: Sendable {
  /// One member of an object, with the location of its key.
  package struct Member: Sendable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: JSONValue
  }

  package enum Kind: Sendable {
    case null
    case bool(Bool)
    /// Any JSON number; may be infinite when the literal overflows a Double
    /// (the scene decoder reports that with the value's path).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  package var kind: Kind
  package var location: SourceLocation
  /// For strings: the literal had no escapes, so character k of the value
  /// sits at column `location.column + k` (errors inside strings use it).
  var isVerbatim = false

  package init(_ kind: Kind, at location: SourceLocation = SourceLocation(line: 0, column: 0)) {
    self.kind = kind
    self.location = location
  }

  /// "a number", "an array", …: how error messages name what was found.
  package var kindDescription: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension [JSONPathComponent] {
  /// `layers[2].sublayers[0].cornerRadius`; keys that are not plain
  /// identifiers are quoted: `layers[0]["odd key"]`.
  package var rendered: String {
    var out = ""
    for component in self {
      switch component {
      case .index(let i):
        out += "[\(i)]"
      case .key(let key):
        // A key longer than an excerpt is quoted shortened, with its length.
        let plain =
          !key.isEmpty && key.unicodeScalars.count <= Excerpt.maximumScalars
          && key.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9")
              || $0 == "_"
          }
        if plain {
          out += out.isEmpty ? key : "." + key
        } else {
          out += "[" + Excerpt.quoted(key) + "]"
        }
      }
    }
    return out
  }
}
