import CIntl

/// The gettext domain Roster's message catalogues are installed under
/// (`share/locale/LANG/LC_MESSAGES/roster.mo`).
package let translationDomain = "roster"

/// Text the user reads, looked up in the catalogue of their language.
///
/// Every layer that shows words to people marks them with `tr(...)` so
/// `xgettext --keyword=tr` can find them; the catalogue is bound at start-up,
/// and before that (or without a catalogue) the English text is returned.
/// A message with a value in it uses a `%@`-free placeholder the caller
/// replaces, so the whole sentence is one entry translators see.
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
