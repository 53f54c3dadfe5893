import Directory
import FoundationEssentials

/// A group's member DNs as the server hands them out: the whole attribute
/// at once, or (Active Directory, past its MaxValRange of 1,500) a range at
/// a time: asked for `member`, the server answers `member;range=0-1499`,
/// then `member;range=1500-*` is asked for and answered
/// `member;range=1500-2999`, … until a range ends in `*`. slapd keeps no
/// ranges and answers the whole attribute.
///
/// Threading: a plain value; its owner keeps it on one connection's queue.
struct MemberRanges: Sendable {
  /// What the next read asks for.
  enum Read: Sendable, Equatable {
    /// Every member attribute by its plain name.
    case first
    /// The values of `attribute` from `start` on.
    case range(attribute: String, start: Int)
  }

  let group: String
  /// The schema's member attributes (`member`, `uniqueMember`).
  let attributes: [String]
  /// The next read; nil once the last values were read.
  private(set) var next: Read? = .first

  init(group: String, attributes: [String]) {
    self.group = group
    self.attributes = attributes
  }

  /// Reads the next values (none once the last range was read). A range
  /// that does not move forward ends the reading: a confused server
  /// cannot make it go round.
  mutating func readNext(session: LDAPSession, cancel: CancellationFlag) throws(DirectoryError)
    -> [String]
  {
    guard let read = next else { return [] }
    next = nil
    let names: [String]
    var start = 0
    switch read {
    case .first: names = attributes
    case .range(let attribute, let from):
      names = ["\(attribute);range=\(from)-*"]
      start = from
    }
    let request = LDAPSearchRequest(
      base: group, scope: .base, filter: "(objectClass=*)", attributes: names)
    guard let entry = try session.search(request, cancel: cancel).entries.first else { return [] }
    for attribute in entry.attributes {
      guard let (name, end) = rangeOf(attribute.name) else { continue }
      if let end {
        guard end >= start else { return [] }
        next = .range(attribute: name, start: end + 1)
      }
      return attribute.values.map(Self.dn)
    }
    // No ranges: the whole attribute (an empty one beside a range is not it).
    for name in attributes {
      let values = entry.values(name)
      if !values.isEmpty { return values.map(Self.dn) }
    }
    return []
  }

  /// The member attribute and the range's last position (nil for `*`) of
  /// a ranged attribute name ("member;range=0-1499"); nil for any other.
  private func rangeOf(_ returned: String) -> (String, Int?)? {
    let lower = returned.lowercased()
    for name in attributes {
      let prefix = name.lowercased() + ";range="
      guard lower.hasPrefix(prefix) else { continue }
      let bounds = lower.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
      guard bounds.count == 2 else { return nil }
      if bounds[1] == "*" { return (name, nil) }
      guard let end = Int(bounds[1]) else { return nil }
      return (name, end)
    }
    return nil
  }

  /// A member value as a DN: `uniqueMember`'s optional `#'0101'B` suffix
  /// cut off.
  private static func dn(_ value: [UInt8]) -> String {
    let text = String(decoding: value, as: UTF8.self)
    if text.hasSuffix("'B"), let mark = text.ranges(of: "#'").last {
      return String(text[..<mark.lowerBound])
    }
    return text
  }
}
