import CSoup

/// Dates as HTTP writes them (RFC 9110 §5.6.7: "Sun, 06 Nov 1994 08:49:37
/// GMT", and the two obsolete forms), read by libsoup.
///
/// Threading: any thread.
public enum HTTPDate {
  /// The seconds since 1970 that `text` names, or nil when it is no HTTP date.
  public static func secondsSince1970(_ text: String) -> Int64? {
    guard let date = soup_date_time_new_from_http_string(text) else { return nil }
    defer { g_date_time_unref(date) }
    return Int64(g_date_time_to_unix(date))
  }
}
