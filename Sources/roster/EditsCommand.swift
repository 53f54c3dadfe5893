import ArgumentParser
import Directory
import DirectoryLDAP
import FoundationEssentials

/// `roster edits`: the changes Roster made to directory servers from this
/// machine, read from the change log (``LDAPChangeLog``), oldest first: a
/// line a changed attribute, or with `--ldif` the records themselves, which
/// `ldapmodify -f` replays.
struct EditsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edits",
    abstract: "Print the changes Roster made to directory servers (roster set, delete, …).",
    discussion: """
      Reads $XDG_DATA_HOME/roster/changes.ldif (~/.local/share/roster/changes.ldif). Oldest \
      first, tab-separated: time (UTC), who, the entry's DN, the attribute, its values before \
      and after (several separated by “; ”): a person added has nothing before, a person \
      deleted nothing after, a password reset shows “(reset)”, never the password. --ldif \
      prints the log's records as they are.
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
    let read: (records: [LDIFChangeRecord], unreadable: Int)
    do {
      read = try log.records()
    } catch {
      LocalDirectory.warn(error.description, command: "edits")
      throw ExitCode.failure
    }
    if read.unreadable > 0 {
      LocalDirectory.warn(
        "\(read.unreadable) records of \(log.file ?? "the change log") could not be read",
        command: "edits")
    }
    let records = read.records.filter { $0.seconds >= from }
    if ldif {
      for record in records { print(record.ldif, terminator: "") }
      return
    }
    print(["time", "by", "dn", "attribute", "before", "after"].joined(separator: "\t"))
    for record in records {
      let time = ChangeSince.isoText(record.seconds)
      if record.kind == .passwordReset {
        let fields = [time, record.author, record.dn, "(password)", "", "(reset)"]
        print(fields.map(TerminalText.escaped).joined(separator: "\t"))
      }
      for change in record.changes {
        let fields = [
          time, record.author, record.dn, change.attribute, Self.text(change.seen),
          Self.text(change.new),
        ]
        print(fields.map(TerminalText.escaped).joined(separator: "\t"))
      }
    }
  }

  /// Values joined by “; ” (bytes that are not UTF-8 replaced).
  private static func text(_ values: [[UInt8]]) -> String {
    values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "; ")
  }
}
