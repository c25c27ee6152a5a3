// The JSON parser: positions, key order, escapes, UTF-8, strictness, and
// the nesting limit that keeps hostile documents from overflowing the stack.

import Foundation
import Testing

@testable import Lamina

@Suite struct SceneJSONTests {
  func parse(_ text: String) throws(SceneError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  func parseError(_ text: String) -> SceneError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func valuesKnowTheirLineAndColumn() throws {
    let value = try parse("{\n  \"a\": [1,\n    true],\n  \"é\": \"x\", \"b\": null\n}")
    guard case .object(let members) = value.kind else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["a", "é", "b"])
    #expect(value.location == SourceLocation(line: 1, column: 1))
    #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
    guard case .array(let elements) = members[0].value.kind else {
      Issue.record("not an array")
      return
    }
    #expect(elements[1].location == SourceLocation(line: 3, column: 5))
    // Columns count Unicode scalars, not bytes: "é" is one column.
    #expect(members[1].value.location == SourceLocation(line: 4, column: 8))
    #expect(members[2].keyLocation == SourceLocation(line: 4, column: 13))
  }

  @Test func escapesAndUTF8() throws {
    let value = try parse(##""\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 ü 😀""##)
    guard case .string(let s) = value.kind else {
      Issue.record("not a string")
      return
    }
    #expect(s == "\" \\ / \u{8} \u{C} \n \r \t é 😀 ü 😀")
  }

  @Test func numbers() throws {
    for (text, expected) in [
      ("0", 0.0), ("-0.5", -0.5), ("1e3", 1000), ("2.5E-2", 0.025),
      ("123456789012", 123_456_789_012),
    ] {
      guard case .number(let v) = try parse(text).kind else {
        Issue.record("\(text) is not a number")
        continue
      }
      #expect(v == expected)
    }
    guard case .number(let big) = try parse("1e999").kind else { return }
    #expect(big == .infinity)  // rejected by the scene decoder as "must be finite"
  }

  @Test func syntaxErrorsSayWhereAndWhat() {
    let cases: [(String, String)] = [
      ("", "line 1, column 1: the document is empty"),
      ("{\"a\": 1,}", "line 1, column 9: expected a key in double quotes, found '}'"),
      ("[1, 2", "line 1, column 6: unexpected end of the document, expected ',' or ']'"),
      ("[01]", "line 1, column 3: expected ',' or ']', found '1'"),
      ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
      ("[-]", "line 1, column 3: expected a digit, found ']'"),
      ("{\"a\": tru}", "line 1, column 7: expected 'true'"),
      ("{\"a\": 1, \"a\": 2}", "a: duplicate key"),
      // An error inside a string names the value's path too (issue 31).
      (
        "{\"a\": \"x\ny\"}",
        "a: control character in a string (write it as an escape such as \\n)"
      ),
      (
        "[\"\\x\"]",
        "[0]: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found 'x'"
      ),
      ("[\"\\ud800\"]", "[0]: unpaired UTF-16 surrogate in \\u escape"),
      ("[\"\\udc00\"]", "[0]: unpaired UTF-16 surrogate in \\u escape"),
      ("{\"a\": {\"\\ud800\": 1}}", "a: in a key: unpaired UTF-16 surrogate in \\u escape"),
      ("\"\\ud800\"", "line 1, column 4: unpaired UTF-16 surrogate in \\u escape"),
      ("{} {}", "line 1, column 4: unexpected text after the end of the document"),
      ("[NaN]", "line 1, column 2: expected a value, found 'N'"),
      ("'a'", "line 1, column 1: expected a value, found '''"),
    ]
    for (text, message) in cases {
      #expect(parseError(text)?.description == message, "\(text)")
    }
    // The path comes with the line and column, as every syntax error's.
    #expect(parseError("[\"\\ud800\"]").map { [$0.line, $0.column] } == [1, 5])
  }

  @Test func aLeadingByteOrderMarkIsIgnored() throws {
    let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
    #expect(value.location == SourceLocation(line: 1, column: 1))
    #expect(throws: SceneError.self) {
      try JSONParser.parse(Array("[1]".utf8) + [0xEF, 0xBB, 0xBF])
    }
  }

  @Test func invalidUTF8InAStringIsAnError() {
    let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]
    #expect(throws: SceneError.self) { try JSONParser.parse(bytes) }
    #expect(throws: SceneError.self) { try JSONParser.parse([0x5B, 0xFF, 0x5D]) }
  }

  @Test func nestingIsLimitedSoDeepDocumentsFailCleanly() throws {
    let depth = 100_000
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let error = try #require(parseError(arrays))
    #expect(error.message == "nested deeper than 256 levels")
    #expect(error.column == 257)
    let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect(parseError(fine) == nil)
    // The same through the scene loader, with layers nested in sublayers.
    var layers = ""
    for _ in 0..<depth { layers += ##"{"sublayers":["## }
    let doc = ##"{"canvas":{"width":1,"height":1},"layers":["## + layers
    let errors = SceneFixtures.errors(doc)
    #expect(errors.count == 1)
    #expect(errors.first?.hasSuffix("nested deeper than 256 levels") == true)
  }

  @Test func writerRoundTripsStringsAndNumbers() throws {
    let strings = ["", "plain", "quote \" back \\ slash", "tab\tnew\nline\u{1}\u{7F}", "é 😀"]
    for s in strings {
      guard case .string(let back) = try parse(JSONWriter.quoted(s)).kind else { continue }
      #expect(back == s)
    }
    for v in [
      0, -0.0, 1, -3, 0.1, 1.0 / 3, 1e-7, 1e300, Double.leastNonzeroMagnitude,
      9_007_199_254_740_992, 0x1p60 + 0x1p8, -2.5e20,
    ] {
      guard case .number(let back) = try parse(JSONWriter.number(v)).kind else { continue }
      #expect(back == v, "\(v) → \(JSONWriter.number(v))")
    }
  }
}
