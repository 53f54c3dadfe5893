/// Counts the times a ``FlattenedBin`` rendered its child into a texture, so
/// a test or the bench can see that scrolling leaves the window's chrome
/// alone. Whoever makes the bin passes one in
/// (``FlattenedBin/wrapping(_:renders:)``): a Roster window's probe holds
/// the one its header bar counts in.
///
/// Threading: main-actor only.
@MainActor
public final class TextureRenderCount {
  /// Renders into a texture so far.
  public private(set) var count = 0

  /// No renders yet.
  public init() {}

  func rendered() { count += 1 }
}
