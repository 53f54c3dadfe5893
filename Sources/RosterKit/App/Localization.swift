import CGtk
import SharedSupport

/// Roster in the user's language: the locale from the environment and the
/// catalogues from ``ResourceLocator/localeDirectory``.
///
/// Threading: main thread, once, before any window or worker thread.
public enum Localization {
  /// Binds the catalogues; without any, every text stays English.
  public static func start() {
    bindTranslations(to: ResourceLocator.localeDirectory?.path ?? "/usr/share/locale")
    // GTK would set every category from the environment again, numbers too.
    gtk_disable_setlocale()
  }
}
