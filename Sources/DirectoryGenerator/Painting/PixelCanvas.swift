import Directory
import Foundation

/// An RGB float image with the few anti-aliased drawing operations avatars
/// need: gradients, ellipses, rectangles, triangles, blur and grain.
///
/// Shapes touch only their bounding box, so a portrait costs a few passes
/// over the image rather than one per shape.
/// Threading: a value; each avatar paints its own canvas on its own thread.
struct PixelCanvas {
  let width: Int
  let height: Int
  /// Interleaved red, green, blue; row-major.
  private(set) var channels: [Float]

  init(width: Int, height: Int, color: Color = .black) {
    self.width = width
    self.height = height
    channels = [Float](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
      for pixel in 0..<(width * height) {
        buffer[pixel * 3] = color.red
        buffer[pixel * 3 + 1] = color.green
        buffer[pixel * 3 + 2] = color.blue
      }
      count = width * height * 3
    }
  }

  /// The shorter side, which shapes are sized against.
  var side: Float { Float(min(width, height)) }

  // MARK: Fills

  /// A linear gradient across the whole image at `angle` (radians).
  mutating func fillLinearGradient(from start: Color, to end: Color, angle: Float) {
    let dx = cosf(angle)
    let dy = sinf(angle)
    let half = (abs(dx) * Float(width) + abs(dy) * Float(height)) / 2
    let cx = Float(width) / 2
    let cy = Float(height) / 2
    withPixels { x, y, pixel in
      let t = ((Float(x) - cx) * dx + (Float(y) - cy) * dy) / (2 * half) + 0.5
      pixel = start.mixed(with: end, min(max(t, 0), 1))
    }
  }

  /// Darkens (or, with `strength` < 0, lightens) towards the corners.
  mutating func vignette(strength: Float) {
    let cx = Float(width) / 2
    let cy = Float(height) / 2
    let reach = (cx * cx + cy * cy)
    withPixels { x, y, pixel in
      let dx = Float(x) - cx
      let dy = Float(y) - cy
      pixel = pixel.scaled(1 - strength * (dx * dx + dy * dy) / reach)
    }
  }

  /// An ellipse with soft edges `feather` pixels wide (1 is anti-aliasing
  /// only), blended at `opacity`.
  mutating func fillEllipse(
    center: (x: Float, y: Float), radii: (x: Float, y: Float), color: Color, opacity: Float = 1,
    feather: Float = 1
  ) {
    let smaller = min(radii.x, radii.y)
    // Coverage ends where the normalised radius reaches 1 + feather / 2 / smaller.
    let growth = 1 + feather / (2 * smaller)
    let reach = (x: radii.x * growth + 1, y: radii.y * growth + 1)
    blend(
      minX: center.x - reach.x, maxX: center.x + reach.x, minY: center.y - reach.y,
      maxY: center.y + reach.y,
      color: color
    ) { x, y in
      let nx = (x - center.x) / radii.x
      let ny = (y - center.y) / radii.y
      // Distance to the edge in pixels, approximated by the normalised
      // radius; exact enough for shapes this round.
      let distance = ((nx * nx + ny * ny).squareRoot() - 1) * smaller
      return opacity * min(max(0.5 - distance / feather, 0), 1)
    }
  }

  /// An axis-aligned rectangle, anti-aliased at fractional edges.
  mutating func fillRect(
    x: Float, y: Float, width w: Float, height h: Float, color: Color, opacity: Float = 1
  ) {
    blend(minX: x, maxX: x + w, minY: y, maxY: y + h, color: color) { px, py in
      let cover = { (low: Float, high: Float, at: Float) -> Float in
        min(max(min(at + 0.5 - low, high - (at - 0.5)), 0), 1)
      }
      return opacity * cover(x, x + w, px) * cover(y, y + h, py)
    }
  }

  /// A triangle, anti-aliased by distance to its edges and grown by `bleed`
  /// pixels.
  mutating func fillTriangle(
    _ a: (x: Float, y: Float), _ b: (x: Float, y: Float), _ c: (x: Float, y: Float), color: Color,
    opacity: Float = 1, bleed: Float = 0
  ) {
    // Orient counter-clockwise so every inside point has positive edge values.
    let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    let (p, q, r) = area < 0 ? (a, c, b) : (a, b, c)
    let edges = [(p, q), (q, r), (r, p)].map { start, end in
      let length = max(
        ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y))
          .squareRoot(), 1e-3)
      return (start: start, nx: -(end.y - start.y) / length, ny: (end.x - start.x) / length)
    }
    blend(
      minX: min(a.x, b.x, c.x), maxX: max(a.x, b.x, c.x), minY: min(a.y, b.y, c.y),
      maxY: max(a.y, b.y, c.y),
      color: color
    ) { x, y in
      var inside = Float.greatestFiniteMagnitude
      for edge in edges {
        inside = min(inside, (x - edge.start.x) * edge.nx + (y - edge.start.y) * edge.ny)
      }
      return opacity * min(max(inside + 0.5 + bleed, 0), 1)
    }
  }

  /// Fills everything below the curve `top(x)` (in pixels) with `color`.
  mutating func fillBelow(color: Color, top: (Float) -> Float) {
    let (width, height) = (width, height)
    channels.withUnsafeMutableBufferPointer { buffer in
      for x in 0..<width {
        let edge = top(Float(x) + 0.5)
        let firstRow = max(0, Int(edge.rounded(.down)))
        guard firstRow < height else { continue }
        for y in firstRow..<height {
          let cover = min(max(Float(y) + 1 - edge, 0), 1)
          Self.mix(buffer, at: (y * width + x) * 3, color: color, amount: cover)
        }
      }
    }
  }

  // MARK: Filters

  /// Repeated box blurs; three passes come close to a Gaussian of about
  /// `radius` pixels, one is a cheap softening.
  mutating func blur(radius: Int, passes: Int = 3) {
    guard radius > 0 else { return }
    for _ in 0..<passes {
      boxBlurRows(radius: radius)
      boxBlurColumns(radius: radius)
    }
  }

  /// 8-bit RGB with film-like grain of `grain` (0...1 amplitude), rows
  /// packed without padding.
  func rgbBytes(grain: Float, random: inout SplitMix64) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: channels.count) { buffer, count in
      channels.withUnsafeBufferPointer { source in
        let noiseScale = grain * 255 / Float(1 << 21)
        var index = 0
        while index < source.count {
          // One draw gives three 21-bit noise values, one per channel.
          let bits = grain > 0 ? random.next() : 1 << 62 | 1 << 41 | 1 << 20
          for channel in 0..<3 {
            let noise =
              Float(Int((bits >> (21 * UInt64(channel))) & 0x1F_FFFF) - (1 << 20)) * noiseScale
            let value = min(max(source[index + channel] * 255 + noise + 0.5, 0), 255)
            buffer[index + channel] = UInt8(truncatingIfNeeded: Int32(value))
          }
          index += 3
        }
      }
      count = channels.count
    }
  }

  // MARK: Internals

  private mutating func withPixels(_ body: (Int, Int, inout Color) -> Void) {
    channels.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<height {
        for x in 0..<width {
          let index = (y * width + x) * 3
          var pixel = Color(red: buffer[index], green: buffer[index + 1], blue: buffer[index + 2])
          body(x, y, &pixel)
          buffer[index] = pixel.red
          buffer[index + 1] = pixel.green
          buffer[index + 2] = pixel.blue
        }
      }
    }
  }

  /// Mixes `color` into the pixels of a box by the coverage `coverage(x, y)`
  /// returns for each pixel centre.
  private mutating func blend(
    minX: Float, maxX: Float, minY: Float, maxY: Float, color: Color,
    coverage: (Float, Float) -> Float
  ) {
    let x0 = max(0, Int(minX.rounded(.down)) - 1)
    let x1 = min(width - 1, Int(maxX.rounded(.up)) + 1)
    let y0 = max(0, Int(minY.rounded(.down)) - 1)
    let y1 = min(height - 1, Int(maxY.rounded(.up)) + 1)
    guard x0 <= x1, y0 <= y1 else { return }
    let width = width
    channels.withUnsafeMutableBufferPointer { buffer in
      for y in y0...y1 {
        for x in x0...x1 {
          let amount = coverage(Float(x) + 0.5, Float(y) + 0.5)
          if amount > 0 { Self.mix(buffer, at: (y * width + x) * 3, color: color, amount: amount) }
        }
      }
    }
  }

  @inline(__always)
  private static func mix(
    _ buffer: UnsafeMutableBufferPointer<Float>, at index: Int, color: Color, amount: Float
  ) {
    buffer[index] += (color.red - buffer[index]) * amount
    buffer[index + 1] += (color.green - buffer[index + 1]) * amount
    buffer[index + 2] += (color.blue - buffer[index + 2]) * amount
  }

  /// Box blur along rows: a running sum per channel over a copy of the row.
  private mutating func boxBlurRows(radius: Int) {
    let (width, height) = (width, height)
    let window = Float(2 * radius + 1)
    var row = [Float](repeating: 0, count: width * 3)
    channels.withUnsafeMutableBufferPointer { buffer in
      row.withUnsafeMutableBufferPointer { row in
        for y in 0..<height {
          let origin = y * width * 3
          _ = row.update(fromContentsOf: buffer[origin..<(origin + width * 3)])
          for channel in 0..<3 {
            var sum: Float = 0
            for offset in -radius...radius {
              sum += row[min(max(offset, 0), width - 1) * 3 + channel]
            }
            for x in 0..<width {
              buffer[origin + x * 3 + channel] = sum / window
              sum +=
                row[min(x + radius + 1, width - 1) * 3 + channel]
                - row[max(x - radius, 0) * 3 + channel]
            }
          }
        }
      }
    }
  }

  /// Box blur along columns, walking rows in memory order with one running
  /// sum per column and channel (a column-at-a-time walk would miss the
  /// cache on every pixel).
  private mutating func boxBlurColumns(radius: Int) {
    let (width, height) = (width, height)
    let stride = width * 3
    let window = Float(2 * radius + 1)
    let source = channels
    var sums = [Float](repeating: 0, count: stride)
    channels.withUnsafeMutableBufferPointer { buffer in
      source.withUnsafeBufferPointer { source in
        sums.withUnsafeMutableBufferPointer { sums in
          for offset in -radius...radius {
            let row = min(max(offset, 0), height - 1) * stride
            for index in 0..<stride { sums[index] += source[row + index] }
          }
          for y in 0..<height {
            let output = y * stride
            let entering = min(y + radius + 1, height - 1) * stride
            let leaving = max(y - radius, 0) * stride
            for index in 0..<stride {
              buffer[output + index] = sums[index] / window
              sums[index] += source[entering + index] - source[leaving + index]
            }
          }
        }
      }
    }
  }

  /// This canvas scaled to `width` x `height` with bilinear filtering, for
  /// content painted small because it is blurred anyway.
  func resized(width newWidth: Int, height newHeight: Int) -> PixelCanvas {
    var result = PixelCanvas(width: newWidth, height: newHeight)
    let (width, height) = (width, height)
    // Source columns and weights are the same for every row; work them out once.
    let columns = (0..<newWidth).map { x in
      let sx = min(
        max((Float(x) + 0.5) * Float(width) / Float(newWidth) - 0.5, 0), Float(width - 1))
      let x0 = Int(sx)
      return (left: x0 * 3, right: min(x0 + 1, width - 1) * 3, weight: sx - Float(x0))
    }
    channels.withUnsafeBufferPointer { source in
      result.channels.withUnsafeMutableBufferPointer { target in
        for y in 0..<newHeight {
          let sy = min(
            max((Float(y) + 0.5) * Float(height) / Float(newHeight) - 0.5, 0), Float(height - 1))
          let top = Int(sy) * width * 3
          let bottom = min(Int(sy) + 1, height - 1) * width * 3
          let fy = sy - Float(Int(sy))
          var output = y * newWidth * 3
          for column in columns {
            for channel in 0..<3 {
              let upper =
                source[top + column.left + channel] * (1 - column.weight)
                + source[top + column.right + channel] * column.weight
              let lower =
                source[bottom + column.left + channel] * (1 - column.weight)
                + source[bottom + column.right + channel] * column.weight
              target[output + channel] = upper + (lower - upper) * fy
            }
            output += 3
          }
        }
      }
    }
    return result
  }
}
