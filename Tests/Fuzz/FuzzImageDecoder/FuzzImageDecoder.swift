import FuzzSupport

@testable import PreparedImages

/// Fuzzes the avatar decode path with the limits the app runs with: magic
/// number sniffing, the header size checks, gdk-pixbuf's decode at the
/// drawn size and the round crop. A header that parses must agree with the
/// decoder's refusal rules (an image the header says is too large is never
/// decoded).
///
/// Threading: libFuzzer's worker thread only (decoding refuses the main
/// thread).
@main
enum FuzzImageDecoder {
  static func main() {
    let limits = ImagePipelineConfiguration()
    let decoder = ImageDecoder(
      maxPixelSide: limits.maxPixelSide, maxMegapixels: limits.maxMegapixels)
    Fuzzing.run { bytes in
      let file = Array(bytes)
      let result = decoder.decode(file, pixelSize: 96)
      if case .success(let image) = result {
        precondition(image.pixelSize == 96)
        guard case .success(let header) = ImageHeader.parse(file) else {
          preconditionFailure("decoded an image whose header does not parse")
        }
        precondition(
          decoder.fits(width: header.width, height: header.height),
          "decoded an image over the limits")
      }
    }
  }
}
