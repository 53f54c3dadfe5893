/// An RGB colour with channels in 0...1, for painting avatars.
///
/// Threading: a plain value; `Sendable`.
struct Color: Sendable, Equatable {
  var red: Float
  var green: Float
  var blue: Float

  init(red: Float, green: Float, blue: Float) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// From 0xRRGGBB.
  init(hex: UInt32) {
    red = Float((hex >> 16) & 0xFF) / 255
    green = Float((hex >> 8) & 0xFF) / 255
    blue = Float(hex & 0xFF) / 255
  }

  /// From hue (0...1, wrapping), saturation and value.
  init(hue: Float, saturation: Float, value: Float) {
    let h = (hue - hue.rounded(.down)) * 6
    let sector = Int(h) % 6
    let f = h - Float(Int(h))
    let p = value * (1 - saturation)
    let q = value * (1 - saturation * f)
    let t = value * (1 - saturation * (1 - f))
    switch sector {
    case 0: (red, green, blue) = (value, t, p)
    case 1: (red, green, blue) = (q, value, p)
    case 2: (red, green, blue) = (p, value, t)
    case 3: (red, green, blue) = (p, q, value)
    case 4: (red, green, blue) = (t, p, value)
    default: (red, green, blue) = (value, p, q)
    }
  }

  /// Linear interpolation: `self` at 0, `other` at 1.
  func mixed(with other: Color, _ amount: Float) -> Color {
    Color(
      red: red + (other.red - red) * amount,
      green: green + (other.green - green) * amount,
      blue: blue + (other.blue - blue) * amount)
  }

  /// Scales brightness; above 1 lightens, below darkens.
  func scaled(_ factor: Float) -> Color {
    Color(red: red * factor, green: green * factor, blue: blue * factor)
  }

  static let white = Color(red: 1, green: 1, blue: 1)
  static let black = Color(red: 0, green: 0, blue: 0)
}
