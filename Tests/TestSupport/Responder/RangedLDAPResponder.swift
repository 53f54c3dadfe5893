import Foundation
import LDAPDemo
import SharedSupport

/// A tiny LDAPv3 server of the tests' own on 127.0.0.1, standing in for
/// Active Directory where slapd cannot: it hands out a group's `member`
/// values by range retrieval (`member;range=0-1499`, then
/// `member;range=1500-2999`, … and last `member;range=3000-*`), 1,500 a
/// read, which OpenLDAP does not implement. It speaks just enough BER:
/// anonymous or simple binds (any password), the root DSE, base searches
/// for its group and for its people (inetOrgPerson-ish: uid, cn, sn,
/// displayName, mail), noSuchObject for any other base, and nothing found
/// for every other search. Filters are not read (a base search finds its
/// entry whatever the filter).
///
/// Each connection is served on a thread of its own (``TCPListener``); every read waits at
/// most ``readDeadline``, so a silent client cannot hang it, and `stop()`
/// closes everything.
///
/// Threading: `Sendable`; its counters are behind a lock.
public final class RangedLDAPResponder: Sendable {
  /// How long one read from a client may wait.
  public static let readDeadline = Duration.seconds(10)
  /// Values per range, as Active Directory's MaxValRange.
  public static let rangeSize = 1500

  public let groupDN: String
  /// The group's members in its order (some may name nobody it serves).
  public let memberDNs: [String]
  /// The people it serves, by DN lowered.
  private let people: [String: [(String, [String])]]
  private let listener = Locked<TCPListener?>(nil)
  /// Behind a pthread lock (``Locked``), which Thread Sanitizer
  /// sees: a contended `Mutex` on Linux hands over in the kernel, unseen.
  private let state = Locked(State())

  private struct State {
    var attributesAsked: [[String]] = []
    var searches = 0
  }

  /// Serves `groupDN` with `members` (DNs) and the entries of `people`
  /// (DN -> uid; cn, sn, displayName and mail follow from the uid).
  public init(groupDN: String, members: [String], people: [String: String]) throws {
    self.groupDN = groupDN
    memberDNs = members
    var entries: [String: [(String, [String])]] = [:]
    for (dn, uid) in people {
      entries[dn.lowercased()] = [
        ("objectClass", ["top", "person", "inetOrgPerson"]), ("uid", [uid]),
        ("cn", ["Person \(uid)"]), ("sn", [uid]), ("displayName", ["Person \(uid)"]),
        ("mail", ["\(uid)@example.org"]),
      ]
    }
    self.people = entries
    let listener = try TCPListener { [weak self] client in self?.serve(client) }
    self.listener.withLock { $0 = listener }
  }

  deinit { stop() }

  /// The port it listens on, on 127.0.0.1.
  public var port: Int { listener.withLock { $0?.port ?? 0 } }

  /// "ldap://127.0.0.1:PORT".
  public var url: String { "ldap://127.0.0.1:\(port)" }

  /// The attribute lists the group's base searches asked for, in order.
  public var groupAttributesAsked: [[String]] { state.withLock { $0.attributesAsked } }
  /// How many searches it answered.
  public var searches: Int { state.withLock { $0.searches } }

  /// Closes the listener and every connection.
  public func stop() {
    listener.withLock { $0?.stop() }
  }

  /// Answers one client's messages until it unbinds, hangs up, stays
  /// silent past the deadline or the responder stops.
  private func serve(_ client: Int32) {
    var buffer: [UInt8] = []
    while true {
      while let (message, length) = BER.read(buffer[...]) {
        buffer.removeFirst(length)
        guard let answer = answer(message) else { return }
        guard Sockets.write(client, answer) else { return }
      }
      guard let bytes = read(client) else { return }
      buffer += bytes
    }
  }

  /// The bytes to send back for one LDAPMessage; nil to hang up (unbind).
  private func answer(_ message: BER) -> [UInt8]? {
    let parts = message.children
    guard parts.count >= 2 else { return nil }
    let id = parts[0].integer
    let operation = parts[1]
    switch operation.tag {
    case 0x60:  // bindRequest
      return reply(id, 0x61, code: 0)
    case 0x63:  // searchRequest
      return search(id, operation.children)
    case 0x42:  // unbindRequest
      return nil
    default:  // abandon and the rest: nothing to say
      return []
    }
  }

  private func search(_ id: Int, _ fields: [BER]) -> [UInt8] {
    state.withLock { $0.searches += 1 }
    guard fields.count >= 8 else { return reply(id, 0x65, code: 2) }
    let base = fields[0].text
    let isBase = fields[1].integer == 0
    let asked = fields[7].children.map(\.text)
    guard isBase else { return reply(id, 0x65, code: 0) }
    if base.isEmpty {
      return entry(id, "", [("supportedLDAPVersion", ["3"])]) + reply(id, 0x65, code: 0)
    }
    if base.lowercased() == groupDN.lowercased() {
      state.withLock { $0.attributesAsked.append(asked) }
      return entry(id, groupDN, groupAttributes(asked)) + reply(id, 0x65, code: 0)
    }
    guard let person = people[base.lowercased()] else { return reply(id, 0x65, code: 32) }
    return entry(id, base, person) + reply(id, 0x65, code: 0)
  }

  /// The group's objectClass and, for `member` or `member;range=N-*`,
  /// the range from N (0 for the plain name).
  private func groupAttributes(_ asked: [String]) -> [(String, [String])] {
    var attributes: [(String, [String])] = [("objectClass", ["top", "group"]), ("cn", ["big"])]
    for name in asked.map({ $0.lowercased() }) {
      var start: Int?
      if name == "member" { start = 0 }
      if name.hasPrefix("member;range="), name.hasSuffix("-*") {
        start = Int(name.dropFirst("member;range=".count).dropLast(2))
      }
      guard let start, start >= 0 else { continue }
      let end = start + Self.rangeSize - 1
      let last = end >= memberDNs.count
      let values = Array(memberDNs[min(start, memberDNs.count)..<min(end + 1, memberDNs.count)])
      attributes.append(("member;range=\(start)-\(last ? "*" : String(end))", values))
    }
    return attributes
  }

  private func entry(_ id: Int, _ dn: String, _ attributes: [(String, [String])]) -> [UInt8] {
    let list = attributes.map { name, values in
      BER.constructed(0x30, [.octets(name), .constructed(0x31, values.map(BER.octets))])
    }
    return BER.constructed(
      0x30, [.integer(id), .constructed(0x64, [.octets(dn), .constructed(0x30, list)])]
    ).encoded
  }

  /// An LDAPResult of `tag` (bindResponse, searchResultDone) with `code`.
  private func reply(_ id: Int, _ tag: UInt8, code: Int) -> [UInt8] {
    BER.constructed(
      0x30,
      [.integer(id), .constructed(tag, [.integer(code, tag: 0x0A), .octets(""), .octets("")])]
    ).encoded
  }

  /// The next bytes from `client`; nil when it hung up or stayed silent
  /// past the deadline.
  private func read(_ client: Int32) -> [UInt8]? {
    var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(Self.readDeadline.components.seconds * 1000)
    guard poll(&poller, 1, milliseconds) > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 65536)
    let count = recv(client, &bytes, bytes.count, 0)
    guard count > 0 else { return nil }
    return Array(bytes[0..<count])
  }
}
