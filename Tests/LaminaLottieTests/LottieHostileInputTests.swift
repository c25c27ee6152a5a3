// Hostile Lottie input gets a clear error (with its JSON path where there
// is one) or a drawing with the problem reported, never a hang or a crash:
// precomps that contain themselves, nesting past the parser's depth, an
// out point of a billion frames, more keyframes than the limit, bad
// base64, a zip bomb, expressions, missing assets.
import Foundation
import Lamina
import LaminaCPU
import LaminaLottie
import LaminaTestSupport
import Testing

private func document(_ layers: String, assets: String = "[]", op: Double = 60) -> [UInt8] {
  Array(#"{"fr":30,"ip":0,"op":\#(op),"w":100,"h":100,"assets":\#(assets),"layers":\#(layers)}"#.utf8)
}

@Suite("Lottie hostile input")
struct LottieHostileInputTests {
  @Test func aPrecompThatContainsItselfIsAnError() throws {
    let cyclic = document(
      #"[{"ty":0,"refId":"a","ip":0,"op":60,"w":100,"h":100,"ks":{}}]"#,
      assets: #"[{"id":"a","layers":[{"ty":0,"refId":"a","ip":0,"op":60,"w":100,"h":100,"ks":{}},{"ty":0,"refId":"a","ip":0,"op":60,"w":100,"h":100,"ks":{}}]}]"#)
    let started = Date()
    #expect(throws: LottieError.self) { _ = try LottieAnimation(data: cyclic) }
    #expect(Date().timeIntervalSince(started) < 30)
  }

  @Test func nestingPastTheParsersDepthIsAnError() {
    let deep = Array(("{\"fr\":30,\"ip\":0,\"op\":1,\"w\":1,\"h\":1,\"layers\":" + String(repeating: "[", count: 10_000)).utf8)
    #expect(throws: LottieError.self) { _ = try LottieAnimation(data: deep) }
  }

  @Test func aBillionFramesIsAnErrorAtTheOutPoint() throws {
    do {
      _ = try LottieAnimation(data: document("[]", op: 1e9))
      Issue.record("accepted")
    } catch {
      #expect(error.path == "op")
      #expect(error.message.contains("1000000"))
    }
  }

  @Test func keyframesPastTheLimitAreAnError() throws {
    let keys = (0..<2_000).map { #"{"t":\#($0),"s":[\#($0),0]}"# }.joined(separator: ",")
    let doc = document(#"[{"ty":3,"ip":0,"op":60,"ks":{"p":{"a":1,"k":[\#(keys)]}}}]"#)
    var limits = LottieLimits.default
    limits.maxKeyframes = 1_000
    #expect(throws: LottieError.self) { _ = try LottieAnimation(data: doc, limits: limits) }
    _ = try LottieAnimation(data: doc)
  }

  @Test func badBase64IsReportedAndTheLayerDrawnEmpty() throws {
    let doc = document(
      #"[{"ty":2,"refId":"img","ip":0,"op":60,"ks":{}}]"#,
      assets: #"[{"id":"img","w":10,"h":10,"u":"","p":"data:image/png;base64,@@@notbase64","e":1}]"#)
    let animation = try LottieAnimation(data: doc)
    #expect(animation.unsupported.contains { $0.path == "assets[0]" && $0.feature.contains("base64") })
    let image = CPURenderer().render(try animation.scene().renderPlan())
    #expect(image.pixel(x: 5, y: 5).a == 0)
  }

  @Test func expressionsAreReportedWithTheirPaths() throws {
    let doc = document(#"[{"ty":3,"ip":0,"op":60,"ks":{"r":{"a":0,"k":0,"x":"time * 360"}}}]"#)
    let animation = try LottieAnimation(data: doc)
    #expect(animation.unsupported.map(\.path) == ["layers[0].ks.r.x"])
  }

  @Test func missingAssetsAreReported() throws {
    let doc = document(#"[{"ty":0,"refId":"nowhere","ip":0,"op":60,"w":10,"h":10,"ks":{}},{"ty":2,"refId":"gone","ip":0,"op":60,"ks":{}}]"#)
    let animation = try LottieAnimation(data: doc)
    #expect(animation.unsupported.count == 2)
  }

  @Test func aZipBombIsRefused() throws {
    // A stored entry whose header declares 2 GiB.
    let zip = zipDeclaring(size: 0x7FFF_FFFF)
    do {
      _ = try LottieAnimation(data: zip)
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("at most"))
    }
  }

  @Test func anArchiveBoundIsTheCallers() throws {
    // 100 MiB declared: under the library's 512 MiB, over a caller's 64.
    var limits = LottieLimits.default
    limits.maxArchiveBytes = 64 << 20
    do {
      _ = try LottieAnimation(data: zipDeclaring(size: 100 << 20), limits: limits)
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("at most 67108864"), "\(error.message)")
    }
  }

  @Test func notADocumentIsAnErrorWithItsPlace() throws {
    do {
      _ = try LottieAnimation(data: Array(#"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"shapes":[{"ty":"fl","c":{"k":"red"}}],"ks":{}}]}"#.utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.path == "layers[0].shapes[0].c.k")
      #expect(error.line == 1 && error.column > 1)
    }
  }
}
