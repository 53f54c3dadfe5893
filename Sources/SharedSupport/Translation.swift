import CIntl

/// The gettext domain Roster's message catalogues are installed under
/// (`share/locale/LANG/LC_MESSAGES/roster.mo`).
package let translationDomain = "roster"

/// Text the user reads, looked up in the catalogue of their language.
///
/// Every layer that shows words to people marks them with `tr("…")` so
/// `xgettext --keyword=tr` finds them (scripts/update-pot.sh). The literal
/// is the whole sentence: a value in it is a placeholder (`%@` for text,
/// `%d` for a number) that the caller fills with `String(filling:)`, never
/// Swift interpolation, which xgettext cannot read. Before
/// ``bindTranslations(to:)``, or without a catalogue for the language, the
/// English text is returned.
///
/// Threading: any thread (gettext reads an immutable catalogue).
package func tr(_ message: String) -> String {
  message.withCString { pointer in
    String(cString: dgettext(translationDomain, pointer))
  }
}

/// The singular or plural form of a message for `count`, chosen by the
/// rules of the reader's language (`ngettext`), not by `count == 1`.
///
/// Threading: any thread.
package func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
  singular.withCString { one in
    plural.withCString { many in
      String(cString: dngettext(translationDomain, one, many, UInt(count.magnitude)))
    }
  }
}

/// Takes the user's locale from the environment (`LANG`, `LC_*`,
/// `LANGUAGE`) and reads Roster's catalogues from `folder`
/// (`folder/de/LC_MESSAGES/roster.mo`), as UTF-8. Numbers printed with
/// `String(filling:)` stay in the C locale ("31.6", never "31,6"): bench
/// JSON, CSV and summaries are read by programs. Text for people groups
/// digits with ``userNumericConventions()`` instead. Call once at start-up,
/// before the first ``tr(_:)`` and before other threads start.
///
/// Threading: main thread, at start-up (setlocale is process-wide).
package func bindTranslations(to folder: String) {
  setlocale(LC_ALL, "")
  setlocale(LC_NUMERIC, "C")
  bindtextdomain(translationDomain, folder)
  bind_textdomain_codeset(translationDomain, "UTF-8")
}

/// The thousands separator and digit group sizes (right to left, the last
/// repeating, 0 for "no more grouping") of the user's LC_NUMERIC locale,
/// read from the environment whatever the process's numeric locale is; nil
/// when that locale groups no digits (C, POSIX).
///
/// Threading: any thread (the query switches only this thread's locale).
package func userNumericConventions() -> (separator: String, groups: [Int])? {
  guard let user = newlocale(LC_NUMERIC_MASK, "", nil) else { return nil }
  defer { freelocale(user) }
  let previous = uselocale(user)
  defer { uselocale(previous) }
  guard let conventions = localeconv()?.pointee, let separator = conventions.thousands_sep,
    separator.pointee != 0, var size = conventions.grouping
  else { return nil }
  var groups: [Int] = []
  // Each byte a group size; 0 ends the list (the last size repeats) and
  // CHAR_MAX stops grouping.
  while size.pointee > 0 {
    groups.append(size.pointee == CChar.max ? 0 : Int(size.pointee))
    if size.pointee == CChar.max { break }
    size += 1
  }
  return groups.isEmpty ? nil : (String(cString: separator), groups)
}
