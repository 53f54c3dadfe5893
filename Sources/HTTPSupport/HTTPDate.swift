import CSoup

/// Dates in HTTP headers (`Date`, `Expires`, `Last-Modified`), read by
/// libsoup's parser: the RFC 9110 form and the two obsolete ones.
///
/// Threading: stateless; any thread.
public enum HTTPDate {
  /// Seconds since 1970 of the HTTP date `text`; nil when it does not parse.
  public static func secondsSince1970(_ text: String) -> Int64? {
    guard let date = soup_date_time_new_from_http_string(text) else { return nil }
    defer { g_date_time_unref(date) }
    return Int64(g_date_time_to_unix(date))
  }
}
