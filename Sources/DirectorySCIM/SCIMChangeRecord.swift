import FoundationEssentials

/// One change Roster made on a SCIM service, as a line of the SCIM change
/// log (``SCIMChangeLog``): when, by whom, the resource's address, whose
/// it is, and each attribute's values before and after. LDIF does not fit
/// SCIM (a resource has no DN, a PATCH no LDIF form), so the record is the
/// PATCH's gist as JSON, one object a line, which `jq` reads.
///
/// Threading: a plain value; `Sendable`.
public struct SCIMChangeRecord: Codable, Sendable, Equatable {
  /// One attribute: the values before and after the change.
  public struct Change: Codable, Sendable, Equatable {
    public var attribute: String
    public var before: [String]
    public var after: [String]

    public init(attribute: String, before: [String], after: [String]) {
      self.attribute = attribute
      self.before = before
      self.after = after
    }
  }

  /// Seconds since 1970 (UTC).
  public var time: Int64
  /// Who made it, as far as the service knows them.
  public var by: String
  /// The resource's address: the service's base and `/Users/<id>` or
  /// `/Groups/<id>`.
  public var resource: String
  /// The user's userName or the group's displayName.
  public var name: String
  public var changes: [Change]

  public init(time: Int64, by: String, resource: String, name: String, changes: [Change]) {
    self.time = time
    self.by = by
    self.resource = resource
    self.name = name
    self.changes = changes
  }

  /// The record as a line of JSON, with its newline.
  var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The records of the lines of `bytes`, and how many lines are not one.
  static func records(in bytes: [UInt8]) -> (records: [SCIMChangeRecord], unreadable: Int) {
    var records: [SCIMChangeRecord] = []
    var unreadable = 0
    let decoder = JSONDecoder()
    for line in bytes.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      if let record = try? decoder.decode(SCIMChangeRecord.self, from: Data(line)) {
        records.append(record)
      } else {
        unreadable += 1
      }
    }
    return (records, unreadable)
  }
}
