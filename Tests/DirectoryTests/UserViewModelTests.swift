import Directory
import XCTest

final class UserViewModelTests: XCTestCase {
  private func initials(_ username: String) -> String {
    UserViewModel(user: User(username: username)).initials
  }

  func testInitialsComeFromTheFirstTwoWordsOfTheUsername() {
    XCTAssertEqual(initials("john.smith"), "JS")
    XCTAssertEqual(initials("maria_garcia"), "MG")
    XCTAssertEqual(initials("anne-marie lee"), "AM")
    XCTAssertEqual(initials("olivia_k92"), "OK")
    XCTAssertEqual(initials("johnSmith"), "JS")
    XCTAssertEqual(initials("MariaGarcia"), "MG")
    XCTAssertEqual(initials("JSmith"), "JS")
  }

  func testASingleWordGivesItsFirstTwoLetters() {
    XCTAssertEqual(initials("alice"), "AL")
    XCTAssertEqual(initials("jchen"), "JC")
    XCTAssertEqual(initials("user42"), "US")
    XCTAssertEqual(initials("x"), "X")
    XCTAssertEqual(initials("_k_"), "K")
  }

  func testDigitsShowOnlyWhenThereAreNoLetters() {
    XCTAssertEqual(initials("42"), "42")
    XCTAssertEqual(initials("12.34"), "13")
  }

  func testNonASCIIUsernamesGetInitialsToo() {
    XCTAssertEqual(initials("zoë.müller"), "ZM")
    XCTAssertEqual(initials("élodie"), "ÉL")
    XCTAssertEqual(initials("李小龙"), "李小")
    XCTAssertEqual(initials("søren_ø"), "SØ")
    XCTAssertEqual(
      initials("e\u{301}lodie.marchand"), "\u{C9}M", "a combining accent stays on its letter")
    XCTAssertEqual(initials("ÅsaNilsson"), "ÅN")
  }

  func testAUsernameWithoutLettersOrDigitsShowsAQuestionMark() {
    XCTAssertEqual(initials("..."), "?")
    XCTAssertEqual(initials("😀"), "?")
  }

  func testTheRowTextsAreReadyToCopy() {
    let model = UserViewModel(
      user: User(id: "u7", username: "maria.garcia", avatar: "avatars/m.jpg", role: .admin))
    XCTAssertEqual(model.identity, "u7")
    XCTAssertEqual(model.username, "maria.garcia")
    XCTAssertEqual(model.displayName, "maria.garcia")
    XCTAssertEqual(model.roleText, "Admin")
    XCTAssertEqual(model.role, .admin)
    XCTAssertEqual(model.avatar, "avatars/m.jpg")
    XCTAssertEqual(model.accessibleText, "maria.garcia, Admin")
    XCTAssertEqual(
      UserViewModel(user: User(username: "x", role: .unknown)).accessibleText, "x, Unknown")
  }

  func testAPlaceholderColourIsTheSameOnEveryLaunch() {
    // FNV-1a 64 of the UTF-8 bytes, modulo 12, computed independently.
    let expected = ["maria.garcia": 0, "jchen": 9, "alice": 11, "zoë": 4]
    for (username, index) in expected {
      XCTAssertEqual(
        UserViewModel(user: User(username: username)).placeholderColorIndex, index, username)
    }
    XCTAssertEqual(UserViewModel.placeholderPaletteCount, 12)
  }

  func testRolesReadOnlyTheirExactSpelling() {
    XCTAssertEqual(Role(jsonValue: "User"), .user)
    XCTAssertEqual(Role(jsonValue: "Owner"), .owner)
    XCTAssertEqual(Role(jsonValue: "Admin"), .admin)
    XCTAssertEqual(Role(jsonValue: "ADMIN"), .unknown)
    XCTAssertEqual(Role(jsonValue: "Guest").displayText, "Unknown")
  }
}
