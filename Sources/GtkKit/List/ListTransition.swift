/// What GTK sees of a ``ListModel`` between two announcements of a change in
/// progress: the new list's first `newEnd` elements, then the old list's
/// `oldEnd..<oldLimit`.
///
/// Threading: a plain value, owned by its `ListModel` on the main actor.
struct ListTransition<Element> {
  /// Where the announcements have got to.
  struct Bounds {
    var newEnd: Int
    var oldEnd: Int
    var oldLimit: Int

    /// How many elements GTK sees.
    var count: Int { newEnd + oldLimit - oldEnd }
  }

  let old: [Element]
  var bounds: Bounds

  init(old: [Element], newEnd: Int, oldEnd: Int, oldLimit: Int) {
    self.old = old
    bounds = Bounds(newEnd: newEnd, oldEnd: oldEnd, oldLimit: oldLimit)
  }

  /// How many elements GTK sees.
  var count: Int { bounds.count }

  /// The element GTK sees at `position`, given the new list.
  func element(at position: Int, new: [Element]) -> Element? {
    guard position >= 0 else { return nil }
    if position < bounds.newEnd { return new[position] }
    let oldPosition = position - bounds.newEnd + bounds.oldEnd
    return oldPosition < bounds.oldLimit ? old[oldPosition] : nil
  }
}
