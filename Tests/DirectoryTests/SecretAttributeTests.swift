import Directory
import XCTest

/// The credential attributes are known by name whatever their case and
/// options (`userPassword;binary`), and nothing that only begins like one.
final class SecretAttributeTests: XCTestCase {
  func testCredentialNamesAreKnownInAnyCaseAndWithOptions() {
    for name in [
      "userPassword", "USERPASSWORD", "userpassword;binary", "unicodePwd",
      "supplementalCredentials", "ntPwdHistory", "lmPwdHistory", "krbPrincipalKey",
      "krbPrincipalKey;x-option",
    ] {
      XCTAssertTrue(SecretAttribute.isSecret(name), name)
    }
    for name in ["uid", "userPassword2", "user", "passwordHint", "", ";userPassword", "cn;binary"] {
      XCTAssertFalse(SecretAttribute.isSecret(name), name)
    }
  }
}
