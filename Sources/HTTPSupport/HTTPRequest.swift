/// One request as Roster sends it (a GET, or a SCIM write with its JSON
/// body): where, the headers, and the limits the answer must keep.
///
/// Threading: a `Sendable` value.
public struct HTTPRequest: Sendable {
  /// How long an exchange may take before it fails as timed out.
  public enum TimeLimit: Sendable, Equatable {
    /// Until the answer's head arrives (redirects included); the session's
    /// I/O timeout then bounds each silence while the body streams.
    case head(Duration)
    /// The whole exchange, body included, so a server dripping a byte at a
    /// time is cut off too.
    case whole(Duration)
  }

  /// An absolute http or https address.
  public var url: String
  public var headers: [(name: String, value: String)]
  /// The most body bytes read (after any content decoding); more fails
  /// with ``HTTPFailure/tooLarge``, whatever Content-Length says.
  public var maxBodyBytes: Int
  /// Redirects followed here, each checked: only to http(s), never back to
  /// an address already visited, at most this many. 0 hands a 3xx answer
  /// back as it is.
  public var maxRedirects: Int
  public var timeLimit: TimeLimit
  /// The method: GET unless a write says otherwise (PATCH, POST, …).
  public var method = "GET"
  /// The body sent with its content type, for a write; nil for none.
  public var body: (contentType: String, bytes: [UInt8])?

  public init(
    url: String, headers: [(name: String, value: String)] = [], maxBodyBytes: Int,
    maxRedirects: Int = 0, timeLimit: TimeLimit
  ) {
    self.url = url
    self.headers = headers
    self.maxBodyBytes = maxBodyBytes
    self.maxRedirects = maxRedirects
    self.timeLimit = timeLimit
  }
}

/// What a server answered: the status, the headers, and the body of a 2xx
/// answer (other answers' bodies are not read).
///
/// Threading: a `Sendable` value.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// The address that answered, after any redirects followed.
  public var url: String

  public init(status: Int, headers: [(name: String, value: String)], body: [UInt8], url: String) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// The first value of the header `name` (any case), if present.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.name.lowercased() == wanted }?.value
  }
}
