/// Why an image could not be prepared. The row keeps its placeholder in every case.
///
/// Threading: a `Sendable` value.
public enum ImageFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist.
  case notFound
  /// The path leaves the directory's folder, or names something that is not a regular file.
  case forbiddenPath
  /// Not a relative path, a local file:// URL or http(s).
  case unsupportedScheme
  /// The server answered with a status other than 2xx or a redirect.
  case httpStatus(Int)
  /// Connecting, waiting for data or the whole download took too long.
  case timedOut
  /// The connection failed or broke off (including a body shorter than announced).
  case network
  /// The body is larger than `maxBodyBytes`.
  case tooLarge
  /// More redirects than `maxRedirects`, or a redirect loop.
  case redirectLimit
  /// A redirect to something other than http(s), or without a usable Location.
  case badRedirect
  /// The server did not say image/* or application/octet-stream.
  case wrongContentType
  /// The bytes are not PNG, JPEG or GIF.
  case unsupportedFormat
  /// The header declares more than `maxPixelSide` a side or `maxMegapixels`.
  case dimensionsTooLarge
  /// The decoder gave up (truncated or corrupt data).
  case decodeFailed
  /// A ``ProvidedImage``'s `load` threw.
  case providerFailed
  /// Nobody wanted the result any more, or the pipeline shut down.
  case cancelled

  /// A short stable key for statistics, e.g. "http-404" or "timed-out".
  public var reason: String {
    switch self {
    case .notFound: "not-found"
    case .forbiddenPath: "forbidden-path"
    case .unsupportedScheme: "unsupported-scheme"
    case .httpStatus(let code): "http-\(code)"
    case .timedOut: "timed-out"
    case .network: "network"
    case .tooLarge: "too-large"
    case .redirectLimit: "redirect-limit"
    case .badRedirect: "bad-redirect"
    case .wrongContentType: "wrong-content-type"
    case .unsupportedFormat: "unsupported-format"
    case .dimensionsTooLarge: "dimensions-too-large"
    case .decodeFailed: "decode-failed"
    case .providerFailed: "provider-failed"
    case .cancelled: "cancelled"
    }
  }

  public var description: String { reason }
}
