/// Counts the row state list factories hang on their list items while it is
/// alive (one per row a factory set up, freed with its list item), so a test
/// or a soak can prove that a torn-down list frees its rows. Whoever builds
/// the factories passes one in (``ListFactory/init(makeRow:model:census:handlers:)``);
/// several factories may share it.
///
/// Threading: main-actor only.
@MainActor
public final class RowCensus {
  /// Rows whose state is alive now; zero once every list counted has been torn down.
  public private(set) var live = 0

  /// A census of no rows.
  public init() {}

  func added() { live += 1 }

  func removed() { live -= 1 }
}
