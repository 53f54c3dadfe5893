import FoundationEssentials

/// A country's dialling rules, as far as writing its numbers in E.164 form
/// needs them: its calling code, the trunk prefix its national numbers
/// start with (none where the leading 0 is part of the number, as in
/// Italy), and the prefix dialled before another country's code.
///
/// Threading: an immutable `Sendable` value.
public struct PhoneRegion: Sendable, Equatable {
  /// ISO 3166 code, upper case ("DE").
  public let code: String
  /// The country calling code's digits ("49").
  let callingCode: Digits
  /// The national trunk prefix ("0"); nil where there is none.
  let trunkPrefix: Digits?
  /// The international call prefix ("00").
  let internationalPrefix: Digits
  /// How many digits a national number has without its trunk prefix, when
  /// that alone tells it apart (North America's ten).
  let nationalLength: Int?

  init(
    _ code: String, _ callingCode: String, trunk: String?, international: String = "00",
    nationalLength: Int? = nil
  ) {
    self.code = code
    self.callingCode = Digits(callingCode)!
    trunkPrefix = trunk.map { Digits($0)! }
    internationalPrefix = Digits(international)!
    self.nationalLength = nationalLength
  }

  /// The regions Roster knows, by ISO code.
  public static let all: [PhoneRegion] = [
    PhoneRegion("AT", "43", trunk: "0"),
    PhoneRegion("AU", "61", trunk: "0", international: "0011"),
    PhoneRegion("BE", "32", trunk: "0"),
    PhoneRegion("BR", "55", trunk: "0"),
    PhoneRegion("CA", "1", trunk: "1", international: "011", nationalLength: 10),
    PhoneRegion("CH", "41", trunk: "0"),
    PhoneRegion("CN", "86", trunk: "0"),
    PhoneRegion("DE", "49", trunk: "0"),
    PhoneRegion("DK", "45", trunk: nil),
    PhoneRegion("ES", "34", trunk: nil),
    PhoneRegion("FI", "358", trunk: "0"),
    PhoneRegion("FR", "33", trunk: "0"),
    PhoneRegion("GB", "44", trunk: "0"),
    PhoneRegion("IE", "353", trunk: "0"),
    PhoneRegion("IN", "91", trunk: "0"),
    PhoneRegion("IT", "39", trunk: nil),
    PhoneRegion("JP", "81", trunk: "0", international: "010"),
    PhoneRegion("NL", "31", trunk: "0"),
    PhoneRegion("NO", "47", trunk: nil),
    PhoneRegion("NZ", "64", trunk: "0"),
    PhoneRegion("PL", "48", trunk: nil),
    PhoneRegion("PT", "351", trunk: nil),
    PhoneRegion("SE", "46", trunk: "0"),
    PhoneRegion("SG", "65", trunk: nil, international: "000"),
    PhoneRegion("US", "1", trunk: "1", international: "011", nationalLength: 10),
  ]

  /// The region with ISO code `code` (any case); nil for one Roster does
  /// not know.
  public static func named(_ code: String) -> PhoneRegion? {
    let upper = code.uppercased()
    return all.first { $0.code == upper }
  }

  /// The region of a locale name such as "de_DE.UTF-8" or "en_GB"; nil
  /// without one Roster knows.
  public static func ofLocale(_ locale: String) -> PhoneRegion? {
    let name = locale.split(separator: ".").first.map(String.init) ?? locale
    guard let underscore = name.firstIndex(of: "_") else { return nil }
    let region = name[name.index(after: underscore)...].prefix { $0 != "@" }
    return named(String(region))
  }

  /// The region of this process's locale for telephone numbers
  /// (``ofEnvironment(_:)``).
  public static var ofThisProcess: PhoneRegion? {
    ofEnvironment(ProcessInfo.processInfo.environment)
  }

  /// The region of the environment's locale for telephone numbers
  /// (`LC_ALL`, then `LC_TELEPHONE`, then `LANG`, the first set); nil when
  /// none names a region Roster knows.
  public static func ofEnvironment(_ environment: [String: String]) -> PhoneRegion? {
    for key in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
      if let value = environment[key], !value.isEmpty { return ofLocale(value) }
    }
    return nil
  }
}
