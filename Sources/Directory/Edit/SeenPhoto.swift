/// A person's photo as the server held it when read: the precondition of a
/// photo change (``EditableDirectory/changePhoto(of:seen:to:)``).
///
/// Threading: a plain value; `Sendable`.
public struct SeenPhoto: Sendable, Equatable {
  /// The photo's values (one JPEG, as a rule; none: the person had no
  /// photo).
  public var values: [[UInt8]]
  /// What changes with every change of the person's entry, read with the
  /// photo (OpenLDAP's `entryCSN`); nil where the server keeps none.
  public var stamp: String?

  /// A photo seen as `values` with the entry's `stamp`.
  public init(values: [[UInt8]], stamp: String? = nil) {
    self.values = values
    self.stamp = stamp
  }

  /// The photo shown: the first value, if any.
  public var bytes: [UInt8]? { values.first }
}

/// The photo a server keeps: which attribute, the side Roster makes it and
/// the most bytes the server takes.
///
/// Threading: a plain value; `Sendable`.
public struct PhotoFormat: Sendable, Equatable {
  /// The attribute that holds it (`thumbnailPhoto`, `jpegPhoto`).
  public var attribute: String
  /// The side of the square Roster makes, in pixels, unless asked for
  /// another.
  public var side: Int
  /// The most bytes of the JPEG written.
  public var maxBytes: Int

  /// The largest side one may ask for.
  public static let maxSide = 256
  /// The smallest side one may ask for.
  public static let minSide = 16

  /// `attribute`, `side` pixels, at most `maxBytes`.
  public init(attribute: String, side: Int, maxBytes: Int) {
    self.attribute = attribute
    self.side = side
    self.maxBytes = maxBytes
  }
}
