/// A deliberately bad avatar the generator references from users.json, so
/// the app's failure paths get exercised by the demo data.
///
/// Threading: a plain value; `Sendable`.
public struct BrokenAvatar: Sendable, Hashable {
  /// How the file is broken. `DirectoryGenerator.write` uses the kinds in this
  /// order, repeating when asked for more.
  public enum Kind: String, Sendable, CaseIterable {
    /// A real JPEG cut off early, like an interrupted upload.
    case truncatedJPEG
    /// An HTML error page saved under a .png name.
    case htmlNamedPNG
    /// A zero-byte .jpg.
    case empty
    /// A PNG whose signature and header are fine but whose data is garbage.
    case corruptPNG
    /// Referenced by users.json but never written.
    case missing
    /// A small PNG whose header claims 60000x60000 pixels; a decoder that
    /// trusts it would try to allocate about 10 GB.
    case hugeDimensions
  }

  /// The name inside avatars/ (the file does not exist for `.missing`).
  public var fileName: String
  public var kind: Kind
  public var byteCount: Int
}
