#if canImport(Glibc)
  import Glibc
#endif

/// How far back `roster changes --since` looks: a span before now (`7d`,
/// `12h`, `2w`) or a day (`2026-11-03`, from its start in UTC), read into
/// seconds since 1970.
///
/// Threading: stateless; any thread.
public enum ChangeSince {
  /// The first second `text` asks for, `now` being seconds since 1970;
  /// nil when it is neither a span nor a date.
  public static func seconds(_ text: String, now: Int64) -> Int64? {
    if let unit = text.last, let count = Int64(text.dropLast()), count >= 0 {
      let each: Int64? =
        switch unit {
        case "h": 3600
        case "d": 86_400
        case "w": 7 * 86_400
        default: nil
        }
      if let each {
        let (span, overflow) = count.multipliedReportingOverflow(by: each)
        return overflow ? nil : now - span
      }
    }
    return day(text)
  }

  /// The start of the day `text` names (YYYY-MM-DD), in UTC.
  private static func day(_ text: String) -> Int64? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int32(parts[0]), let month = Int32(parts[1]), let day = Int32(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var fields = tm()
    fields.tm_year = year - 1900
    fields.tm_mon = month - 1
    fields.tm_mday = day
    let seconds = timegm(&fields)
    // timegm rolls 31 February over into March: such a day is no day.
    guard fields.tm_mday == day else { return nil }
    return Int64(seconds)
  }

  /// The seconds since 1970 of an ISO 8601 time in UTC as ``isoText(_:)``
  /// writes it (`2026-11-03T09:14:00Z`); nil for any other text.
  public static func seconds(fromISOText text: String) -> Int64? {
    let parts = text.split(separator: "T", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = day(String(parts[0])), parts[1].hasSuffix("Z") else {
      return nil
    }
    let clock = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int64(clock[0]), let minute = Int64(clock[1]), let second = Int64(clock[2]),
      (0..<24).contains(hour), (0..<60).contains(minute), (0..<61).contains(second)
    else { return nil }
    return start + hour * 3600 + minute * 60 + second
  }

  /// `seconds` since 1970 as an ISO 8601 time in UTC (`2026-11-03T09:14:00Z`).
  public static func isoText(_ seconds: Int64) -> String {
    var time = time_t(seconds)
    var fields = tm()
    gmtime_r(&time, &fields)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))"
      + "T\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))Z"
  }
}
