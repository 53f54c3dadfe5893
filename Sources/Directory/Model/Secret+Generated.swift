extension Secret {
  /// The letters, digits and signs a generated password is made of (no
  /// 0/O, 1/l/I look-alikes).
  private static let alphabet = Array(
    "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!#%+=")

  /// A new random password of 20 characters with a capital, a small
  /// letter, a digit and a sign (what Active Directory's complexity rule
  /// asks for), from the system's random source.
  public static func generated() -> Secret {
    var generator = SystemRandomNumberGenerator()
    while true {
      let characters = (0..<20).map { _ in alphabet.randomElement(using: &generator)! }
      if characters.contains(where: \.isUppercase), characters.contains(where: \.isLowercase),
        characters.contains(where: \.isNumber),
        characters.contains(where: { !$0.isLetter && !$0.isNumber })
      {
        return Secret(String(characters))
      }
    }
  }
}
