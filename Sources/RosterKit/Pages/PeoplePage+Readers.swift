/// The page's reader by its kind, for what measures a kind's own parts —
/// the bench and the tests (a loaded directory's model and sort, a
/// server's skeleton rows); the window never asks.
extension PeoplePage {
  /// The reader of a directory loaded whole, if the page shows one.
  package var loadedReader: LoadedReader? { reader as? LoadedReader }

  /// The reader of a directory server, if the page shows one.
  package var serverReader: ServerReader? { reader as? ServerReader }
}
