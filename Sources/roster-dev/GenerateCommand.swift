import ArgumentParser
import DirectoryGenerator
import Foundation

/// `roster-dev generate`: writes a deterministic demo directory.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a demo directory: users.json plus an avatars/ folder of JPEG and PNG images.",
    discussion: "The same arguments always write the same files, so benchmarks can rely on them.")

  @Option(name: .long, help: "How many users.")
  var users = 2_000

  @Option(name: .long, help: "How many distinct avatar images.")
  var avatars = 320

  @Option(name: .long, help: "The seed of the generator.")
  var seed: UInt64 = 2026

  @Option(name: .long, help: "The folder to write into (created if missing).")
  var out: String

  @Option(name: .long, help: "json: users.json and avatars/; ldif: users.ldif for slapadd.")
  var format: GenerateFormat = .json

  func run() throws {
    if format == .ldif { return try GenerateFormat.writeLDIF(self) }
    let summary = try DirectoryGenerator.write(
      users: users, avatars: avatars, seed: seed, to: URL(fileURLWithPath: out))
    let megabytes = Double(summary.jsonBytes + summary.avatarBytes) / 1_048_576
    print(
      """
      wrote \(summary.jsonURL.path): \(summary.userCount) users (\(summary.usersWithoutAvatar) without avatar) in \(summary.groupCount) groups
      wrote \(summary.avatarsFolder.path): \(summary.avatars.count) avatars + \(summary.brokenAvatars.count) broken ones
      total \(String(format: "%.1f", megabytes)) MiB
      """)
  }
}
