import HTTPSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The wall clock in seconds since 1970: cache freshness outlives the process, so it cannot
/// count on a monotonic clock.
@Sendable func wallClockSeconds() -> Int64 { Int64(time(nil)) }

/// What a server said about keeping an avatar's bytes: its validators (`ETag`,
/// `Last-Modified`) and until when they are fresh, read from a response's headers
/// (RFC 9111, as a private cache).
///
/// - `Cache-Control: no-store`: not stored on disk at all (an entry already there is removed).
/// - `Cache-Control: no-cache` (or, without a `Cache-Control`, HTTP/1.0's `Pragma: no-cache`),
///   and `Vary: *`: stored, but stale at once: every later load revalidates, and a failed
///   revalidation shows nothing stored.
/// - `Cache-Control: must-revalidate`: fresh for its lifetime, then like `no-cache`: once stale,
///   the bytes are never shown without the server's word (no stale-if-error).
/// - `Vary` naming request fields: matched, since every avatar request carries the same fields.
/// - `max-age` (less `Age`), else `Expires` against `Date` (an `Expires` that does not parse
///   is in the past), gives the freshness lifetime.
/// - No explicit freshness but a validator: a heuristic lifetime, a tenth of the time since
///   `Last-Modified`, at most a day; a day with only an `ETag`. An avatar that changed shows
///   within a day, at the cost of one conditional request a day.
/// - Neither freshness nor a validator: fresh forever (as before validators were kept), since
///   there is nothing cheap to ask and the row would otherwise download its avatar again on
///   every start. Least-recently-used eviction still bounds it.
///
/// Header values come from untrusted servers (and the cache folder): a validator longer than
/// ``maxValidatorBytes`` or with bytes outside printable ASCII is dropped, not stored.
///
/// Threading: a `Sendable` value.
struct CachePolicy: Sendable, Equatable {
  /// The longest `ETag` or `Last-Modified` value kept.
  static let maxValidatorBytes = 256
  /// The heuristic lifetime's ceiling, seconds.
  static let maxHeuristicLifetime: Int64 = 86_400
  /// The longest lifetime believed, seconds (RFC 9111's 2^31).
  static let maxLifetime: Int64 = 1 << 31

  var etag: String?
  var lastModified: String?
  /// Seconds since 1970 from which the bytes must be revalidated; nil: never stale.
  var freshUntil: Int64?
  /// `Cache-Control: no-store`: the bytes must not be written to disk.
  var noStore = false
  /// Once stale, the bytes are shown only after the server said they still hold:
  /// `must-revalidate`, `no-cache`, `Pragma: no-cache` or `Vary: *`.
  var mustRevalidate = false
  /// The fields that say how long the bytes stay fresh, as the server sent them (names in
  /// lower case; each bounded like a validator): a 304 that leaves one out keeps the stored one,
  /// as it keeps the stored validators (RFC 9111, 4.3.4).
  var freshnessFields: [String: String] = [:]

  /// The response fields kept in ``freshnessFields``.
  static let freshnessFieldNames = ["cache-control", "expires", "pragma", "vary"]

  init(
    etag: String? = nil, lastModified: String? = nil, freshUntil: Int64? = nil,
    mustRevalidate: Bool = false
  ) {
    self.etag = etag.flatMap(Self.validator)
    self.lastModified = lastModified.flatMap(Self.validator)
    self.freshUntil = freshUntil
    self.mustRevalidate = mustRevalidate
  }

  /// The policy of a response received at `now` (seconds since 1970); `header` gives a header's
  /// value by name (any case), or nil.
  init(header: (String) -> String?, now: Int64) {
    self.init(etag: header("ETag"), lastModified: header("Last-Modified"))
    for name in Self.freshnessFieldNames {
      if let value = header(name).flatMap(Self.validator) { freshnessFields[name] = value }
    }
    if let value = lastModified, HTTPDate.secondsSince1970(value) == nil { lastModified = nil }
    var maxAge: Int64?
    var noCache = false
    let cacheControl = header("Cache-Control")
    for (name, value) in Self.directives(cacheControl ?? "") {
      switch (name, value) {
      case ("no-store", _): noStore = true
      case ("no-cache", nil): noCache = true
      case ("must-revalidate", _): mustRevalidate = true
      case ("max-age", let value?): maxAge = Self.seconds(value) ?? maxAge
      default: break
      }
    }
    // HTTP/1.0's Pragma counts only where Cache-Control is absent.
    if cacheControl == nil,
      Self.directives(header("Pragma") ?? "").contains(where: { $0.name == "no-cache" })
    {
      noCache = true
    }
    // `Vary: *`: no later request matches the stored one, so each must be revalidated.
    if Self.directives(header("Vary") ?? "").contains(where: { $0.name == "*" }) { noCache = true }
    if noCache { mustRevalidate = true }
    let date = header("Date").flatMap(HTTPDate.secondsSince1970) ?? now
    let lifetime: Int64?
    if noCache {
      lifetime = 0
    } else if let maxAge {
      lifetime = maxAge
    } else if let expires = header("Expires") {
      lifetime = HTTPDate.secondsSince1970(expires).map { max(0, $0 - date) } ?? 0
    } else if let modified = lastModified.flatMap(HTTPDate.secondsSince1970) {
      lifetime = min(max(0, date - modified) / 10, Self.maxHeuristicLifetime)
    } else if etag != nil {
      lifetime = Self.maxHeuristicLifetime
    } else {
      lifetime = nil
    }
    let age = header("Age").flatMap { Self.seconds($0.trimmed) } ?? 0
    freshUntil = lifetime.map { now + min($0, Self.maxLifetime) - age }
  }

  var hasValidator: Bool { etag != nil || lastModified != nil }

  /// The stored value of a response field a 304 may leave out (a validator or a freshness
  /// field), by name in any case; nil for any other field.
  func storedField(_ name: String) -> String? {
    switch name.lowercased() {
    case "etag": etag
    case "last-modified": lastModified
    case let lowercased: freshnessFields[lowercased]
    }
  }

  /// Whether the bytes may be used at `now` without asking the server.
  func isFresh(at now: Int64) -> Bool { freshUntil.map { now < $0 } ?? true }

  /// The request headers that ask the server whether the bytes changed.
  var conditionalHeaders: [(name: String, value: String)] {
    var headers: [(name: String, value: String)] = []
    if let etag { headers.append(("If-None-Match", etag)) }
    if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
    return headers
  }

  /// A comma-separated field's directives: names lowercased, values without their quotes.
  static func directives(_ field: String) -> [(name: String, value: Substring?)] {
    field.split(separator: ",").map { directive in
      let parts = directive.split(separator: "=", maxSplits: 1)
      let name = parts.first.map { $0.trimmed.lowercased() } ?? ""
      return (name, parts.count > 1 ? parts[1].trimmed.unquoted : nil)
    }
  }

  /// `value` if it is short and printable ASCII (no line breaks: it is written one a line).
  static func validator(_ value: String) -> String? {
    let bytes = value.utf8
    guard !bytes.isEmpty, bytes.count <= maxValidatorBytes,
      bytes.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return nil }
    return value
  }

  /// A delta-seconds value: digits only; a huge one is clamped.
  static func seconds<S: StringProtocol>(_ text: S) -> Int64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return text.count > 10 ? maxLifetime : min(Int64(text)!, maxLifetime)
  }
}

extension StringProtocol {
  fileprivate var trimmed: Substring {
    let view = self[...]
    let start = view.firstIndex { $0 != " " && $0 != "\t" } ?? view.endIndex
    let end = view.lastIndex { $0 != " " && $0 != "\t" }.map { view.index(after: $0) } ?? start
    return Substring(view[start..<Swift.max(start, end)])
  }

  fileprivate var unquoted: Substring {
    let view = Substring(self)
    guard view.count >= 2, view.first == "\"", view.last == "\"" else { return view }
    return view.dropFirst().dropLast()
  }
}
