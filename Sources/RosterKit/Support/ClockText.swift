import CGtk
import FoundationEssentials

/// A moment as the user's clock shows it, through GLib (the locale's own
/// forms): "10:42" today, the date before it on another day.
///
/// Threading: stateless; any thread.
enum ClockText {
  /// `date` in local time: the time of day, with the date when not today.
  static func time(_ date: Date) -> String {
    guard let moment = g_date_time_new_from_unix_local(Int(date.timeIntervalSince1970)),
      let now = g_date_time_new_now_local()
    else { return "" }
    defer {
      g_date_time_unref(moment)
      g_date_time_unref(now)
    }
    let today =
      g_date_time_get_year(moment) == g_date_time_get_year(now)
      && g_date_time_get_day_of_year(moment) == g_date_time_get_day_of_year(now)
    // %X is the locale's time with seconds; %R the 24-hour "10:42" GNOME shows.
    let format = today ? "%R" : "%x %R"
    guard let text = g_date_time_format(moment, format) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}
