import CGtk
import FoundationEssentials
import SharedSupport

/// A moment as the user's clock shows it, through GLib (the locale's own
/// forms): "10:42" today, the date before it on another day; a day of
/// the year ("3 Nov").
///
/// Threading: stateless; any thread.
enum ClockText {
  /// `date` in local time: the time of day, with the date when not today.
  static func time(_ date: Date) -> String {
    formatted(date) { moment, now in
      let today =
        g_date_time_get_year(moment) == g_date_time_get_year(now)
        && g_date_time_get_day_of_year(moment) == g_date_time_get_day_of_year(now)
      // %X is the locale's time with seconds; %R the 24-hour "10:42" GNOME shows.
      return today ? "%R" : "%x %R"
    }
  }

  /// `date` as a day in the user's locale: "3 Nov" this year, "3 Nov 2025" before.
  static func day(_ date: Date) -> String {
    formatted(date) { moment, now in
      // Translators: a day this year, as strftime writes it (GLib's formats).
      g_date_time_get_year(moment) == g_date_time_get_year(now) ? tr("%-d %b") : tr("%-d %b %Y")
    }
  }

  /// `date` in local time, in the strftime format `format` chooses for it
  /// and the moment now.
  private static func formatted(
    _ date: Date, _ format: (_ moment: OpaquePointer, _ now: OpaquePointer) -> String
  ) -> String {
    guard let moment = g_date_time_new_from_unix_local(Int(date.timeIntervalSince1970)),
      let now = g_date_time_new_now_local()
    else { return "" }
    defer {
      g_date_time_unref(moment)
      g_date_time_unref(now)
    }
    guard let text = g_date_time_format(moment, format(moment, now)) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}
