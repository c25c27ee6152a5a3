// LottieImages: an image asset's pixels: embedded (`data:image/…;base64,…`),
// a file of the `.lottie` archive, or a file beside the document (`u` + `p`).
// PNG, JPEG and WebP are decoded by Lamina (libpng, libjpeg-turbo, libwebp);
// other formats and damaged data are reported and the layer drawn empty.
//
// A document read from bytes without a folder (`LottieAnimation(data:)`
// with no `baseDirectory`: what a server gets in a request body) reads no
// file: a file asset is refused, reported at its JSON path
// (`refusedFileAssets`) and drawn empty; embedded `data:` assets and a
// `.lottie` archive's own files still work. Documents read from a file
// (`contentsOf:`) or given a folder read files beside them as before.
// Rejected: resolving such a document's relative paths against the
// process's working directory (a posted document could read the server's
// files).
//
// Rejected: decoding with a tool outside the process (ImageMagick); a
// document's images are few and small, and the field links the libraries.

import Foundation
import Lamina

/// The note of a file asset refused because the document has no folder.
let refusedFileAsset = "image file refused: a document without a folder reads no file (embed it as a data: URL)"

extension LottieAnimation {
  /// The file image assets refused because the document was read from
  /// bytes without a folder (each with its JSON path); empty otherwise.
  public var refusedFileAssets: [LottieUnsupported] {
    unsupported.filter { $0.feature == refusedFileAsset }
  }
}

enum LottieImages {
  static func load(_ asset: LottieImageAsset, _ ctx: LottieBuildContext) -> Image? {
    var bytes: [UInt8]?
    if asset.file.hasPrefix("data:") {
      guard let comma = asset.file.firstIndex(of: ",") else {
        ctx.report.note(asset.node, "image data URL without data")
        return nil
      }
      let header = asset.file[..<comma]
      guard header.hasSuffix(";base64"), let data = Data(base64Encoded: String(asset.file[asset.file.index(after: comma)...]), options: .ignoreUnknownCharacters)
      else {
        ctx.report.note(asset.node, "image data URL that is not valid base64")
        return nil
      }
      bytes = [UInt8](data)
    } else if let archive = ctx.archive {
      let joined = (asset.directory.hasSuffix("/") || asset.directory.isEmpty ? asset.directory : asset.directory + "/") + asset.file
      let name = joined.hasPrefix("/") ? String(joined.dropFirst()) : joined
      let found = [name, "images/" + asset.file, "i/" + asset.file].first { archive.entries[$0] != nil }
      guard let found else {
        ctx.report.note(asset.node, "image \(Excerpt.quoted(name)) is not in the archive (drawn empty)")
        return nil
      }
      do {
        bytes = try archive.read(found)
      } catch {
        ctx.report.note(asset.node, "image \(Excerpt.quoted(name)): \(error.message)")
        return nil
      }
    } else if ctx.baseDirectory == nil {
      ctx.report.note(asset.node, refusedFileAsset)
      return nil
    } else {
      let dir = asset.directory
      var path = dir.hasSuffix("/") || dir.isEmpty ? dir + asset.file : dir + "/" + asset.file
      if !path.hasPrefix("/"), let base = ctx.baseDirectory { path = base + "/" + path }
      guard let data = FileManager.default.contents(atPath: path) else {
        ctx.report.note(asset.node, "image file \(Excerpt.quoted(path)) not found (drawn empty)")
        return nil
      }
      bytes = [UInt8](data)
    }
    guard let bytes else { return nil }
    do {
      return Image(try StraightImage(imageData: bytes))
    } catch {
      ctx.report.note(asset.node, "image not drawn: \(error.message)")
      return nil
    }
  }
}
