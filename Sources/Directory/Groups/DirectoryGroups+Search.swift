extension DirectoryGroups {
  /// The numbers of the groups whose name holds every word of `query`,
  /// folded as the people's search folds (case and accents), in the
  /// groups' order; every group for a query without words. `isCancelled`
  /// is asked now and then (nil returned once it says yes).
  ///
  /// Threading: any thread; linear in the names, so off the main thread
  /// for a large directory.
  public func numbers(matching query: String, isCancelled: () -> Bool = { false }) -> [Int]? {
    let words = SearchText.words(of: query)
    guard !words.isEmpty else { return Array(indices) }
    var folder = SearchText()
    var name: [UInt8] = []
    var found: [Int] = []
    for number in indices {
      if number % 4096 == 0, isCancelled() { return nil }
      name.removeAll(keepingCapacity: true)
      folder.appendFolded(self[number].name, to: &name)
      let matches = name.withUnsafeBufferPointer { name in
        words.allSatisfy { SearchText.contains(name, $0) }
      }
      if matches { found.append(number) }
    }
    return found
  }
}
