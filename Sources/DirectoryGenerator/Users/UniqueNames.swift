/// Hands out unique usernames: a name already taken gets the next free
/// number appended ("maria.garcia", "maria.garcia2", "maria.garcia3", ...).
///
/// Threading: a value, confined to the generator call that owns it.
struct UniqueNames {
  private var taken: Set<String>
  /// The next suffix to try per base name, so a popular name does not make
  /// each new claim walk all earlier suffixes.
  private var nextSuffix: [String: Int] = [:]

  init(capacity: Int) {
    taken = Set(minimumCapacity: capacity)
  }

  mutating func claim(_ candidate: String) -> String {
    if taken.insert(candidate).inserted { return candidate }
    var suffix = nextSuffix[candidate, default: 2]
    var name = candidate + String(suffix)
    while !taken.insert(name).inserted {
      suffix += 1
      name = candidate + String(suffix)
    }
    nextSuffix[candidate] = suffix + 1
    return name
  }
}
