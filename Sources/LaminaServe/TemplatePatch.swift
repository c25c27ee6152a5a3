// TemplatePatch: a template's JSON with a request's `LAYER.property=value`
// pairs set in it, before the scene is decoded normally (so the scene
// reader's validation applies to every value, and its errors carry the
// JSON paths of the template). A layer is found by its `name` key
// anywhere in the tree (sublayers and masks included; every layer of that
// name is set). The key must be one of the layer's class's keys in the
// model's property table (Sources/Lamina/Layer/LayerProperties.swift),
// structure keys (`name`, `type`, `sublayers`, `mask`, `animations`) excepted. The
// value is typed by that table: the text read as JSON (a number, a
// boolean, an array…) when the property reads that without an error,
// else the text as a string (`#ff0000`, `Hello`); a number that is not
// finite (`nan`, `inf`, `1e999`) is refused before anything is drawn.
//
// Rejected: a type per key written here (a second property table to keep
// in step with the model's), and setting properties on the decoded layers
// (the scene reader's checks and error paths would be skipped).
import Foundation
import Hummingbird
import Lamina

enum TemplatePatch {
  /// Keys a request may not set: they shape the tree rather than draw it.
  static let structural: Set<String> = ["name", "type", "sublayers", "mask", "animations"]
  /// The most values one request may set.
  static let maxValues = 64

  /// `document` with every value set, or a 400 naming the parameter.
  static func apply(_ values: [(key: String, value: String)], to document: JSONValue) throws(ServeError) -> JSONValue {
    guard values.count <= maxValues else {
      throw ServeError(.badRequest, "at most \(maxValues) values may be set in one request")
    }
    var patched = document
    for (parameter, text) in values {
      guard let dot = parameter.lastIndex(of: "."), dot != parameter.startIndex,
        dot != parameter.index(before: parameter.endIndex)
      else {
        throw ServeError(.badRequest, "a value is set as LAYERNAME.property=VALUE", parameter: parameter)
      }
      let layer = String(parameter[..<dot]), key = String(parameter[parameter.index(after: dot)...])
      var found = 0
      var failure: ServeError?
      patched = set(layer, key, text, parameter, in: patched, found: &found, failure: &failure)
      if let failure { throw failure }
      guard found > 0 else {
        throw ServeError(.badRequest, "the template has no layer named '\(layer)'", parameter: parameter)
      }
    }
    return patched
  }

  /// Walks the document's layers (under `layers`, `sublayers` and `mask`), setting the value on each named `layer`.
  private static func set(
    _ layer: String, _ key: String, _ text: String, _ parameter: String, in value: JSONValue, found: inout Int,
    failure: inout ServeError?, isLayer: Bool = false
  ) -> JSONValue {
    guard failure == nil, case .object(var members) = value.kind else {
      guard case .array(let elements) = value.kind else { return value }
      var out = value
      out.kind = .array(elements.map { set(layer, key, text, parameter, in: $0, found: &found, failure: &failure, isLayer: isLayer) })
      return out
    }
    for i in members.indices where ["layers", "sublayers", "mask"].contains(members[i].key) && (isLayer || members[i].key == "layers") {
      members[i].value = set(layer, key, text, parameter, in: members[i].value, found: &found, failure: &failure, isLayer: true)
    }
    if isLayer, stringMember(members, "name") == layer {
      found += 1
      do {
        let typed = try typedValue(text, key: key, type: stringMember(members, "type") ?? "layer", parameter: parameter)
        if let i = members.firstIndex(where: { $0.key == key }) {
          members[i].value = typed
        } else {
          members.append(JSONValue.Member(key: key, value: typed))
        }
      } catch {
        failure = error
      }
    }
    var out = value
    out.kind = .object(members)
    return out
  }

  private static func stringMember(_ members: [JSONValue.Member], _ key: String) -> String? {
    guard let m = members.first(where: { $0.key == key }), case .string(let s) = m.value.kind else { return nil }
    return s
  }

  /// The value for `key` of a layer of `type`, typed by the model's property table.
  static func typedValue(_ text: String, key: String, type: String, parameter: String) throws(ServeError) -> JSONValue {
    guard let keys = Scene.layerKeys(ofType: type) else {
      throw ServeError(.badRequest, "the layer's type '\(type)' is not one the scene format has", parameter: parameter)
    }
    guard keys.contains(key), !structural.contains(key) else {
      var message = "a \(type) has no property '\(key)' a request may set"
      if !keys.contains(key), let guess = Scene.closestLayerKey(to: key, ofType: type), !structural.contains(guess) {
        message += "; did you mean '\(guess)'?"
      }
      throw ServeError(.badRequest, message, parameter: parameter)
    }
    if let number = Double(text.trimmingCharacters(in: .whitespaces)), !number.isFinite {
      throw ServeError(.badRequest, "\(parameter) must be a finite number, got \(text.prefix(64))", parameter: parameter)
    }
    if let parsed = try? JSONParser.parse(Array(text.utf8)) {
      if case .number(let v) = parsed.kind, !v.isFinite {
        throw ServeError(.badRequest, "\(parameter) must be a finite number, got \(text.prefix(64))", parameter: parameter)
      }
      if Scene.layerProperty(key, ofType: type, accepts: parsed) { return parsed }
    }
    return JSONValue(.string(text))
  }
}
