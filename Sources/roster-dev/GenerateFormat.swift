import ArgumentParser
import DirectoryGenerator
import Foundation

/// `roster-dev generate --format`: what the demo directory is written as.
///
/// Threading: a plain value.
enum GenerateFormat: String, ExpressibleByArgument, CaseIterable {
  case json, ldif

  /// The suffix of generated LDIF directories (and of `roster-dev demo-ldap`).
  static let ldifSuffix = "dc=example,dc=com"

  /// `roster-dev generate --format ldif`: writes users.ldif and says what it holds.
  static func writeLDIF(_ command: GenerateCommand) throws {
    let summary = try DirectoryGenerator.writeLDIF(
      users: command.users, avatars: command.avatars, seed: command.seed, suffix: ldifSuffix,
      to: URL(fileURLWithPath: command.out))
    print(summary.report)
  }
}

extension LDIFSummary {
  /// Two lines for the terminal: the file, its people and its size.
  var report: String {
    let megabytes = Double(ldifBytes) / 1_048_576
    return """
      wrote \(ldifURL.path): \(userCount) people under \(peopleDN) (\(usersWithPhoto) with a photo, \(distinctPhotos) distinct)
      total \(String(format: "%.1f", megabytes)) MiB in \(LDAPDemoFolder.seconds(duration)); \(groupCount) groups in \(groupsURL.path) (for ldapadd)
      """
  }
}
