import CGtk
import Foundation
import RosterKit
import TestSupport
import XCTest

/// Under the cairo renderer Roster runs GDK without OpenGL, so the GL driver
/// (with Mesa's software rasterizer, LLVM) is never loaded; under GL nothing
/// changes. GTK reads `GDK_DEBUG` once, when it starts, so each check runs
/// in a fresh copy of this test process that starts GTK itself.
final class RendererSettingsTests: XCTestCase {
  private static let childVariable = "ROSTER_RENDERER_CHECK"

  func testGLIsOnlyTurnedOffForTheCairoRenderer() {
    XCTAssertEqual(RendererSettings.gdkDebug(for: ["GSK_RENDERER": "cairo"]), "gl-disable")
    XCTAssertEqual(
      RendererSettings.gdkDebug(for: ["GSK_RENDERER": "cairo", "GDK_DEBUG": "events"]),
      "events,gl-disable")
    XCTAssertNil(
      RendererSettings.gdkDebug(for: ["GSK_RENDERER": "cairo", "GDK_DEBUG": "misc:gl-disable"]))
    XCTAssertNil(RendererSettings.gdkDebug(for: ["GSK_RENDERER": "gl"]))
    XCTAssertNil(RendererSettings.gdkDebug(for: [:]))
  }

  func testUnderCairoNoGLDriverIsLoaded() throws {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      print(MainActor.assumeIsolated { Self.startGTKAndReport() })
      return
    }
    let cairo = try Self.runInAFreshProcess(
      "testUnderCairoNoGLDriverIsLoaded", renderer: "cairo")
    XCTAssertTrue(cairo.contains("gl=unavailable"), cairo)
    XCTAssertTrue(cairo.contains("driver=absent"), cairo)
  }

  func testUnderGLTheDriverIsLoaded() throws {
    // What the check above rests on: the report does see a GL driver when
    // GDK sets OpenGL up (here Mesa's, loaded by any GL set-up).
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      print(MainActor.assumeIsolated { Self.startGTKAndReport() })
      return
    }
    let gl = try Self.runInAFreshProcess("testUnderGLTheDriverIsLoaded", renderer: "gl")
    XCTAssertTrue(gl.contains("gl=available"), gl)
    XCTAssertTrue(gl.contains("driver=loaded"), gl)
  }

  /// In the child: applies the settings, starts GTK, asks GDK for OpenGL and
  /// looks for a GL driver among the process's mappings.
  @MainActor private static func startGTKAndReport() -> String {
    RendererSettings.apply()
    gtk_init()
    var error: UnsafeMutablePointer<GError>?
    let available = gdk_display_prepare_gl(gdk_display_get_default(), &error) != 0
    if let error { g_error_free(error) }
    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
    let driver = maps.contains("_dri.so") || maps.contains("libLLVM")
    return "gl=\(available ? "available" : "unavailable") driver=\(driver ? "loaded" : "absent")"
  }

  private static func runInAFreshProcess(_ test: String, renderer: String) throws -> String {
    try FreshTestProcess.run(
      "RosterKitTests.RendererSettingsTests/\(test)",
      environment: [childVariable: "1", "GSK_RENDERER": renderer, "GDK_DEBUG": nil])
  }

}
