// TEMPORARY until the geometry branch lands.
extension Path {
  public var boundingBox: CGRect { fatalError("stub") }
  public func rasterizedMask(transform: CGAffineTransform, width: Int, height: Int) -> Image { fatalError("stub") }
}
