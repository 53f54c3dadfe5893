import Directory
import Foundation
import LDAPDemo

// DirectoryGenerator depends on LDAPDemo, not the reverse: LDAPDemo is the
// LDIF format and the throwaway server (Foundation only, no knowledge of
// generated users), and the generator is what turns its users into any
// format, as it already does for users.json.

extension DirectoryGenerator {
  public static let ldifFileName = "users.ldif"
  /// The groups, added through the running server (see ``writeLDIF(users:avatars:seed:suffix:to:brokenAvatars:)``).
  public static let groupsLDIFFileName = "groups.ldif"
  /// The longest side of the photos in users.ldif, in pixels.
  public static let ldifPhotoSide = 96

  /// Writes users.ldif into `folder`: the users `write` puts in users.json
  /// for the same counts and seed, as inetOrgPerson entries under
  /// `ou=people,<suffix>`: uid = username, cn and displayName the display
  /// name, employeeType = role, employeeNumber (which names the entry),
  /// mail, title, ou, l and telephoneNumber from the details, and manager
  /// the manager's DN (see `LDIFPerson(generated:managerDN:)`).
  ///
  /// Beside it, groups.ldif: the groups users.json holds for the same
  /// users (``GroupGenerator``) as groupOfNames entries under
  /// `ou=groups,<suffix>` whose `member`s are the people's DNs and, for
  /// nested groups, the inner groups' DNs; inner groups come first. It is
  /// for ldapadd once slapd runs: slapadd runs no overlay, so only groups
  /// added online get memberOf kept by the `memberof` overlay.
  ///
  /// A user's jpegPhoto is their avatar painted again as a 96 px JPEG: a
  /// directory holds thumbnails (Active Directory caps them at 100 KB), and
  /// full-size avatars would make a million entries some 20 GB. The broken
  /// avatars keep their broken bytes; the empty and missing ones give no
  /// photo. The file is streamed and each photo encoded once, however many
  /// users share it.
  public static func writeLDIF(
    users: Int, avatars: Int, seed: UInt64 = 2026, suffix: String, to folder: URL,
    brokenAvatars: Int = 4
  ) throws -> LDIFSummary {
    precondition(users >= 0 && avatars >= 0 && brokenAvatars >= 0, "counts cannot be negative")
    let clock = ContinuousClock()
    let start = clock.now
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try ImageEncoder.warmUp()
    let plans = (0..<avatars).map { AvatarPlan(index: $0, seed: seed) }
    let photos = try ParallelWork.perform(count: avatars) { index in
      LDIFWriter.base64(try AvatarRenderer.render(plans[index].thumbnail(side: ldifPhotoSide)))
    }
    let broken = try self.brokenAvatars(count: brokenAvatars, after: avatars, seed: seed)
    var photoByAvatar: [String: String] = [:]
    for (plan, photo) in zip(plans, photos) { photoByAvatar["avatars/" + plan.fileName] = photo }
    for (avatar, bytes) in broken where !(bytes ?? []).isEmpty {
      photoByAvatar["avatars/" + avatar.fileName] = LDIFWriter.base64(bytes!)
    }

    let userList = self.users(
      count: users, avatarFileNames: plans.map(\.fileName) + broken.map(\.avatar.fileName),
      seed: seed)
    let url = folder.appendingPathComponent(ldifFileName)
    let writer = try LDIFFileWriter(suffix: suffix, file: url)
    var withPhoto = 0
    // Managers come before their reports: each one's number is known by then.
    var numberByID: [String: String] = [:]
    numberByID.reserveCapacity(userList.count)
    var dnByIdentity: [String: String] = [:]
    dnByIdentity.reserveCapacity(userList.count)
    for user in userList {
      let photo = photoByAvatar[user.avatar]
      if photo != nil { withPhoto += 1 }
      let number = LDIFPerson.number(of: user)
      if let id = user.id, let number { numberByID[id] = number }
      let managerDN = user.details.manager.flatMap { numberByID[$0] }.map {
        "employeeNumber=\($0),\(writer.peopleDN)"
      }
      let person = LDIFPerson(generated: user, managerDN: managerDN)
      dnByIdentity[user.id ?? user.username] = writer.dn(of: person)
      try writer.add(person, base64Photo: photo)
    }
    try writer.close()
    let groupsURL = folder.appendingPathComponent(groupsLDIFFileName)
    let groups = try writeGroups(
      GroupGenerator.groups(for: userList, seed: seed), dnByIdentity: dnByIdentity,
      suffix: suffix, to: groupsURL)
    return LDIFSummary(
      ldifURL: url, groupsURL: groupsURL, groupCount: groups, peopleDN: writer.peopleDN,
      userCount: userList.count,
      usersWithPhoto: withPhoto, distinctPhotos: photoByAvatar.count, ldifBytes: writer.byteCount,
      duration: start.duration(to: clock.now))
  }
}

extension DirectoryGenerator {
  /// Writes `groups` to `file` as LDIF for ldapadd, inner groups first;
  /// returns how many. Members are written by their DN (people by
  /// `dnByIdentity`, groups by name); one a group names that is neither is
  /// left out, and so is a group left without members (groupOfNames needs
  /// one).
  static func writeGroups(
    _ groups: [GroupGenerator.Group], dnByIdentity: [String: String], suffix: String, to file: URL
  ) throws -> Int {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(LDIFWriter.groups([], suffix: suffix).utf8))
    var nameByID: [String: String] = [:]
    for group in groups { nameByID[group.id] = group.name }
    var written = 0
    // Smaller groups sit inside larger, earlier ones: the last first.
    for group in groups.reversed() {
      let members =
        group.members.compactMap { dnByIdentity[$0] }
        + group.groups.compactMap { nameByID[$0] }.map {
          LDIFWriter.dn(ofGroup: $0, suffix: suffix)
        }
      guard !members.isEmpty else { continue }
      let entry = LDIFGroup(cn: group.name, members: members, description: group.id)
      try handle.write(
        contentsOf: Data(
          LDIFWriter.groups([entry], suffix: suffix, includingUnit: false).utf8))
      written += 1
    }
    return written
  }
}

extension AvatarPlan {
  /// The same picture as a JPEG whose longest side is `side` pixels.
  func thumbnail(side: Int) -> AvatarPlan {
    var plan = self
    let scale = Double(side) / Double(max(width, height))
    plan.width = max(1, Int((Double(width) * scale).rounded()))
    plan.height = max(1, Int((Double(height) * scale).rounded()))
    plan.format = .jpeg(quality: 80)
    return plan
  }
}
