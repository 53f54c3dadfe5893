import ArgumentParser
import Directory
import DirectoryLDAP
import DirectorySCIM
import FoundationEssentials

/// `roster edits`: the changes Roster made to directory servers from this
/// machine, read from the change logs (``LDAPChangeLog`` and, for SCIM
/// services, ``SCIMChangeLog``), oldest first: a line a changed attribute,
/// the SCIM resource's address in the DN's place; or with `--ldif` the
/// LDAP records themselves, which `ldapmodify -f` replays.
struct EditsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edits",
    abstract: "Print the changes Roster made to directory servers (roster set, delete, …).",
    discussion: """
      Reads $XDG_DATA_HOME/roster/changes.ldif (~/.local/share/roster/changes.ldif) and, for \
      SCIM services, changes.scim.jsonl beside it. Oldest first, tab-separated: time (UTC), \
      who, the entry's DN (a SCIM resource's address), the attribute, its values before and \
      after (several separated by “; ”): a person added has nothing before, a person deleted \
      nothing after, a password reset shows “(reset)”, never the password. --ldif prints the \
      LDAP log's records as they are.
      """)

  @Option(
    name: .long,
    help: "How far back: Nh, Nd or Nw (hours, days, weeks before now) or a day, YYYY-MM-DD.")
  var since = "7d"

  @Flag(name: .long, help: "Print the LDIF change records (for ldapmodify -f).")
  var ldif = false

  func validate() throws {
    guard ChangeSince.seconds(since, now: 0) != nil else {
      throw ValidationError("--since takes Nh, Nd, Nw or a day (YYYY-MM-DD), not “\(since)”")
    }
  }

  func run() throws {
    let from = ChangeSince.seconds(since, now: Int64(Date().timeIntervalSince1970)) ?? 0
    let log = LDAPChangeLog()
    let scimLog = SCIMChangeLog()
    let read: (records: [LDIFChangeRecord], unreadable: Int)
    let scim: (records: [SCIMChangeRecord], unreadable: Int)
    do {
      read = try log.records()
      scim = ldif ? ([], 0) : try scimLog.records()
    } catch let error as LDAPChangeLogFailure {
      LocalDirectory.warn(error.description, command: "edits")
      throw ExitCode.failure
    } catch {
      LocalDirectory.warn("\(error)", command: "edits")
      throw ExitCode.failure
    }
    for (unreadable, file) in [(read.unreadable, log.file), (scim.unreadable, scimLog.file)]
    where unreadable > 0 {
      LocalDirectory.warn(
        "\(unreadable) records of \(file ?? "the change log") could not be read",
        command: "edits")
    }
    let records = read.records.filter { $0.seconds >= from }
    if ldif {
      for record in records { print(record.ldif, terminator: "") }
      return
    }
    var lines: [(seconds: Int64, fields: [String])] = []
    for record in records {
      let time = ChangeSince.isoText(record.seconds)
      if record.kind == .passwordReset {
        lines.append(
          (record.seconds, [time, record.author, record.dn, "(password)", "", "(reset)"]))
      }
      for change in record.changes {
        lines.append(
          (
            record.seconds,
            [
              time, record.author, record.dn, change.attribute, Self.text(change.seen),
              Self.text(change.new),
            ]
          ))
      }
    }
    for record in scim.records where record.time >= from {
      for change in record.changes {
        lines.append(
          (
            record.time,
            [
              ChangeSince.isoText(record.time), record.by, record.resource, change.attribute,
              change.before.joined(separator: "; "), change.after.joined(separator: "; "),
            ]
          ))
      }
    }
    print(["time", "by", "dn", "attribute", "before", "after"].joined(separator: "\t"))
    // Both logs are oldest first; merged by time, each log's order kept.
    for line in lines.enumerated().sorted(by: {
      ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset)
    }) {
      print(line.element.fields.map(TerminalText.escaped).joined(separator: "\t"))
    }
  }

  /// Values joined by “; ” (bytes that are not UTF-8 replaced).
  private static func text(_ values: [[UInt8]]) -> String {
    values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "; ")
  }
}
