import FoundationEssentials
import Glibc

/// What GDK sets up for drawing, decided once at start-up, before GTK opens
/// the display.
///
/// GTK 4.8's X11 backend sets OpenGL up when it opens the display (to choose
/// the windows' visual), whichever renderer then draws. With Mesa's software
/// rasterizer (llvmpipe: Xvfb, virtual machines, any machine without a GPU
/// driver) that loads LLVM and the driver: 56 MiB of a million-user window's
/// 180 MiB under the cairo renderer, none of it ever used (docs/PERFORMANCE.md,
/// "No OpenGL under the cairo renderer"). So when the cairo renderer is chosen
/// (`GSK_RENDERER=cairo`), Roster adds `gl-disable` to `GDK_DEBUG`, GDK's
/// own switch for running without OpenGL. Under any other renderer (GL by
/// default) nothing changes.
///
/// Threading: call ``apply()`` on the main thread before GTK starts.
public enum RendererSettings {
  /// GDK's flag for running without OpenGL.
  static let glDisable = "gl-disable"

  /// The `GDK_DEBUG` value Roster runs with under `environment`, or nil to
  /// leave it as it is.
  public static func gdkDebug(for environment: [String: String]) -> String? {
    guard environment["GSK_RENDERER"]?.lowercased() == "cairo" else { return nil }
    let current = environment["GDK_DEBUG"] ?? ""
    // GDK splits its debug variables at these characters.
    let flags = current.split { ":;, \t".contains($0) }.map { $0.lowercased() }
    guard !flags.contains(glDisable), !flags.contains("all") else { return nil }
    return flags.isEmpty ? glDisable : "\(current),\(glDisable)"
  }

  /// Sets `GDK_DEBUG` for this process as ``gdkDebug(for:)`` says.
  public static func apply() {
    guard let value = gdkDebug(for: ProcessInfo.processInfo.environment) else { return }
    setenv("GDK_DEBUG", value, 1)
  }
}
