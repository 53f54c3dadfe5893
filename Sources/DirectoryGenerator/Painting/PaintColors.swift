import Directory

/// Colours that make generated people and scenes look plausible. (Not the app's placeholder
/// colours: those are chosen by `UserViewModel.placeholderColorIndex`.)
///
/// Threading: immutable constants and pure functions.
enum PaintColors {
  static let skinTones: [Color] = [
    0xFFDBAC, 0xF5D6C6, 0xF1C27D, 0xEAC0A0, 0xE0AC69, 0xD1A27A, 0xC68642, 0xA16E4B, 0x8D5524,
    0x6B4226,
  ].map(Color.init(hex:))

  /// Natural colours first; the last two (dyed) are picked rarely.
  static let hairColors: [Color] = [
    0x1B1B1B, 0x2C1B10, 0x3B2314, 0x4A2C17, 0x6F4E37, 0xA0522D, 0xD8B878, 0xB8B8B8, 0xE8E0D0,
    0x3B5BA5,
    0xC45A9A,
  ].map(Color.init(hex:))

  static func skin(using random: inout SplitMix64) -> Color {
    skinTones[random.next(below: skinTones.count)]
  }

  static func hair(using random: inout SplitMix64) -> Color {
    let natural = hairColors.count - 2
    let index =
      random.next(below: 20) == 0 ? natural + random.next(below: 2) : random.next(below: natural)
    return hairColors[index]
  }

  /// Clothing: any hue, from muted to bold.
  static func clothes(using random: inout SplitMix64) -> Color {
    Color(hue: random.unit, saturation: 0.15 + 0.65 * random.unit, value: 0.2 + 0.65 * random.unit)
  }

  /// Backgrounds: muted, mid-bright colours of rooms, walls and outdoors.
  static func muted(using random: inout SplitMix64) -> Color {
    Color(hue: random.unit, saturation: 0.1 + 0.4 * random.unit, value: 0.35 + 0.55 * random.unit)
  }

  /// A bold colour for generated patterns.
  static func vivid(using random: inout SplitMix64) -> Color {
    Color(hue: random.unit, saturation: 0.45 + 0.4 * random.unit, value: 0.55 + 0.35 * random.unit)
  }
}
