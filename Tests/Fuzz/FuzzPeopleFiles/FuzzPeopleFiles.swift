import Directory
import FuzzSupport

@testable import DirectoryFileFormats

/// Fuzzes CSV and vCard reading: every input is read as both. Besides
/// crashes it checks what the readers promise: each person has a username
/// no one before them has, no field is longer than `FieldLimit.maxBytes`,
/// an avatar is kept only whole, and the warnings stay few.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzPeopleFiles {
  static func main() {
    Fuzzing.run { bytes in
      let input = bytes.bindMemory(to: UInt8.self)
      if let file = try? CSVPeopleReader.people(in: input) { check(file) }
      if let file = try? VCardPeopleReader.people(in: input) { check(file) }
    }
  }

  private static func check(_ file: PeopleFile) {
    precondition(file.warnings.count <= DirectoryParser.maxWarnings, "few warnings")
    var usernames = Set<String>()
    for user in file.users {
      precondition(!user.username.isEmpty, "everyone has a username")
      precondition(usernames.insert(user.username).inserted, "each username once")
      precondition(user.username.utf8.count <= FieldLimit.maxBytes, "the username is cut")
      precondition(user.avatar.utf8.count <= FieldLimit.maxBytes, "a long avatar is left out")
      precondition((user.id?.utf8.count ?? 0) <= FieldLimit.maxBytes, "the id is cut")
      for field in DetailField.allCases {
        let value = user.details[field]
        precondition(value != "", "an empty value is none")
        precondition((value?.utf8.count ?? 0) <= FieldLimit.maxBytes, "every field is cut")
      }
    }
  }
}
