/// users.json files with one hostile entry among ordinary ones: a field
/// megabytes long, as an attacker would write it, for the tests that show
/// fields are bounded where they are read.
///
/// Threading: stateless.
public enum HostileEntries {
  /// The fields of users.json a test can make hostile.
  public enum Field: String, CaseIterable, Sendable {
    case username, role, avatar, id
  }

  /// A users.json of "ada", then one entry whose `field` is `unit` repeated
  /// to about `length` bytes (its username is "long" unless that is the
  /// field), then "grace".
  public static func json(field: Field, length: Int, unit: String = "a") -> [UInt8] {
    let value = String(repeating: unit, count: max(1, length / unit.utf8.count))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count + 200)
    bytes += #"[{"username": "ada", "role": "User"}, {"#.utf8
    if field != .username { bytes += #""username": "long", "#.utf8 }
    bytes += #""\#(field.rawValue)": ""#.utf8
    bytes += value.utf8
    bytes += #""}, {"username": "grace", "role": "Admin"}]"#.utf8
    return bytes
  }
}
