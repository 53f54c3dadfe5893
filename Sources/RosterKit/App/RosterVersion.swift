/// Roster's version, as `roster --version`, the About window and the Debian
/// package give it. The newest release in
/// Resources/org.roster.Roster.metainfo.xml names the same version (a test
/// checks), and scripts/make-deb.sh reads it from this file.
///
/// Threading: constants; any thread.
public enum RosterVersion {
  /// The version, "MAJOR.MINOR.PATCH".
  public static let current = "0.1.0"
}
