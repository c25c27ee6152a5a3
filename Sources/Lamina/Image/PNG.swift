// PNG in and out through libpng's simplified API.
// STUB: the PNG helper fills this in.

/// Why a PNG could not be read or written.
public struct PNGError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension StraightImage {
  /// Decodes PNG data (any colour type and bit depth) into straight RGBA8.
  public init(pngData: [UInt8]) throws(PNGError) { fatalError("stub") }
  /// Encodes as an 8-bit RGBA PNG.
  public func pngData() throws(PNGError) -> [UInt8] { fatalError("stub") }
}

extension Image {
  /// Reads a PNG file; errors name the file and the reason.
  public convenience init(contentsOfPNGFile path: String) throws(PNGError) { fatalError("stub") }
  /// Writes the image as an 8-bit RGBA PNG with straight alpha.
  public func writePNG(to path: String) throws(PNGError) { fatalError("stub") }
}
