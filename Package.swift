// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Roster",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "roster", targets: ["roster"]),
    .executable(name: "roster-dev", targets: ["roster-dev"]),
    .library(name: "GObjectKit", targets: ["GObjectKit"]),
    .library(name: "GtkKit", targets: ["GtkKit"]),
    .library(name: "PreparedImages", targets: ["PreparedImages"]),
    .library(name: "Directory", targets: ["Directory"]),
    .library(name: "DirectoryLDAP", targets: ["DirectoryLDAP"]),
    .library(name: "DirectorySCIM", targets: ["DirectorySCIM"]),
    .library(name: "LDAPDemo", targets: ["LDAPDemo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    // libadwaita: the GNOME chrome (window, header bar, toasts, status pages,
    // about window, dark style); rows stay Roster's own widgets.
    .systemLibrary(
      name: "CAdw",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libadwaita-1-dev"])]
    ),
    // gettext from glibc's libintl.h (no library to link: glibc holds it).
    .systemLibrary(name: "CIntl"),
    // GLib and GObject alone: Unicode folding and normalization, object
    // references, signals and the main context, for layers without GTK.
    .systemLibrary(name: "CGLib", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // The parts of glibc Swift's Glibc module leaves out (thread ids and names).
    .systemLibrary(name: "CSystem"),
    // Small helpers every layer may use: bounded file reading, a stable hash,
    // durations, percentiles and message translation (glibc only).
    .target(name: "SharedSupport", dependencies: ["CIntl", "CSystem"]),
    // libsoup 3: GNOME's HTTP client, with GIO's proxy resolver and TLS.
    .systemLibrary(
      name: "CSoup",
      pkgConfig: "libsoup-3.0",
      providers: [.apt(["libsoup-3.0-dev"])]
    ),
    // Roster's one HTTP client (libsoup on a network thread of its own):
    // the system's proxies and trust, no connect retries, the caller's
    // timeouts, redirects and limits.
    .target(name: "HTTPSupport", dependencies: ["CSoup", "GObjectKit", "SharedSupport"]),
    // GObject for Swift without GTK: owned references, typed signals, the
    // GLib main context and the Dispatch main queue run inside it.
    .target(name: "GObjectKit", dependencies: ["CGLib", "CSystem"]),
    .target(name: "GtkKit", dependencies: ["CGtk", "GObjectKit"]),
    .target(
      name: "PreparedImages",
      dependencies: [
        "CGtk", "GtkKit", "SharedSupport", "HTTPSupport",
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .target(name: "Directory", dependencies: ["CGLib", "SharedSupport", "HTTPSupport"]),
    .systemLibrary(
      name: "CLDAP",
      pkgConfig: "ldap",
      providers: [.apt(["libldap-dev"])]
    ),
    // libsecret: the keyring holding remembered directories' passwords and tokens.
    .systemLibrary(
      name: "CSecret",
      pkgConfig: "libsecret-1",
      providers: [.apt(["libsecret-1-dev"])]
    ),
    // An LDAP directory read a window at a time (server-side sort + virtual
    // list view); no GTK.
    .target(name: "DirectoryLDAP", dependencies: ["CLDAP", "Directory"]),
    // A SCIM 2.0 service read a window at a time (startIndex/count pages);
    // no GTK.
    .target(
      name: "DirectorySCIM",
      dependencies: ["Directory", "SharedSupport", "HTTPSupport"]
    ),
    // People files other programs write, read as a directory: a
    // spreadsheet's CSV and a contacts app's vCards; no GTK.
    .target(name: "DirectoryFileFormats", dependencies: ["Directory", "SharedSupport"]),
    // A throwaway slapd for tests and demos: Foundation only.
    .target(name: "LDAPDemo"),
    .target(
      name: "DirectoryGenerator",
      dependencies: ["CGtk", "Directory", "GtkKit", "LDAPDemo", "SharedSupport"]),
    .target(
      name: "RosterKit",
      dependencies: [
        "CGtk", "GtkKit", "PreparedImages", "Directory", "DirectoryLDAP", "DirectorySCIM",
        "DirectoryFileFormats", "SharedSupport", "CSecret", "CAdw",
      ]
    ),
    // `roster-dev bench` and `soak`: the benchmark harness around RosterKit's window.
    .target(
      name: "RosterBench",
      dependencies: [
        "RosterKit", "GtkKit", "PreparedImages", "Directory", "DirectoryGenerator", "DirectoryLDAP",
        "CGtk",
        "SharedSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The command-line options of a directory server, shared by both executables.
    .target(
      name: "RosterArguments",
      dependencies: [
        "RosterKit", "DirectoryLDAP",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The app people run and the .deb ships: the window, and `roster list`
    // for scripts.
    .executableTarget(
      name: "roster",
      dependencies: [
        "RosterKit", "RosterArguments", "Directory", "DirectoryLDAP", "DirectorySCIM",
        "PreparedImages",
        "SharedSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The developer's tools: generate, bench, soak, demo-ldap.
    .executableTarget(
      name: "roster-dev",
      dependencies: [
        "RosterKit", "RosterArguments", "RosterBench", "DirectoryGenerator", "LDAPDemo",
        "Directory", "DirectoryLDAP", "PreparedImages", "SharedSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Helpers shared by the test targets: a real HTTP server and a real slapd on
    // 127.0.0.1, a delaying TCP proxy, seeded test people, temporary folders.
    .target(
      name: "TestSupport",
      dependencies: [
        "LDAPDemo", "SharedSupport", "CSoup",
      ],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "GObjectKitTests", dependencies: ["GObjectKit", "CGLib"]),
    .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "SharedSupport"]),
    .testTarget(
      name: "PreparedImagesTests",
      dependencies: [
        "PreparedImages", "CGtk", "SharedSupport", "TestSupport",
      ]
    ),
    .testTarget(
      name: "DirectoryTests",
      dependencies: [
        "Directory", "DirectoryFileFormats", "DirectoryGenerator", "SharedSupport", "TestSupport",
        "LDAPDemo",
      ]
    ),
    .testTarget(name: "SharedSupportTests", dependencies: ["SharedSupport"]),
    .testTarget(
      name: "DirectoryLDAPTests",
      dependencies: [
        "DirectoryLDAP", "LDAPDemo", "Directory", "CLDAP", "SharedSupport", "TestSupport",
      ]),
    .testTarget(
      name: "DirectorySCIMTests",
      dependencies: [
        "DirectorySCIM", "Directory", "TestSupport", "LDAPDemo",
      ]),
    .testTarget(
      name: "DirectoryGeneratorTests",
      dependencies: ["DirectoryGenerator", "Directory", "CGtk", "LDAPDemo", "DirectoryLDAP"]),
    .testTarget(
      name: "RosterKitTests",
      dependencies: [
        "RosterKit", "GtkKit", "CGtk", "Directory", "DirectoryLDAP", "LDAPDemo",
        "DirectoryGenerator", "DirectorySCIM",
        "SharedSupport", "CAdw",
        "TestSupport",
      ]),
    // The bench's own tests: what its figures count, its frame log, its
    // split of frame time, the soak.
    .testTarget(
      name: "RosterBenchTests",
      dependencies: [
        "RosterBench", "RosterKit", "GtkKit", "CGtk", "PreparedImages", "Directory",
        "DirectoryGenerator", "SharedSupport", "TestSupport",
      ]),
  ]
)

// Microbenchmarks (ordo-one/benchmark) under Benchmarks/: only when asked for,
// so building and testing the app does not build the benchmark tooling.
//   ROSTER_BENCHMARKS=1 swift package benchmark      (make microbench)
if Context.environment["ROSTER_BENCHMARKS"] != nil {
  package.dependencies.append(
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]))
  package.targets.append(
    .executableTarget(
      name: "RosterBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        "Directory", "DirectoryGenerator", "PreparedImages",
      ],
      path: "Benchmarks/RosterBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ))
}

// The directory's parsers (users.json, CSV, vCard), table and generator are
// optimized in debug builds too (their assertions kept): the tests at a
// million people spent most of the test run's time in them unoptimized
// (parsing 333 MB of users.json took 80 s, generating a million people 29 s).
// The sanitizer and fuzz builds below keep them so as well.
for target in package.targets
where ["Directory", "DirectoryFileFormats", "DirectoryGenerator"].contains(target.name) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))
    ]
}

// Sanitizer runs (make test: Thread and Address Sanitizer) build only the
// targets whose tests need no display: the app and its window tests are left
// out, so the two extra builds stay short.
//   ROSTER_SANITIZERS=1 swift build --build-tests --sanitize=thread --scratch-path .build/tsan
if Context.environment["ROSTER_SANITIZERS"] != nil {
  let app: Set = [
    "roster", "roster-dev", "RosterArguments", "RosterBench", "RosterKit", "RosterKitTests",
    "RosterBenchTests",
  ]
  package.products.removeAll { app.contains($0.name) }
  package.targets.removeAll { app.contains($0.name) }
  // Tests that measure glibc's heap know that a sanitizer's allocator serves malloc instead.
  for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("ROSTER_SANITIZED")]
  }
}

// Fuzz targets (libFuzzer with Address Sanitizer, make fuzz): one executable
// per parser of untrusted bytes, under Tests/Fuzz, and coverage
// instrumentation in the libraries they reach.
//   ROSTER_SANITIZERS=1 ROSTER_FUZZ=1 swift build --build-tests --sanitize=address --scratch-path .build/asan
if Context.environment["ROSTER_FUZZ"] != nil {
  let instrumented: Set = [
    "SharedSupport", "Directory", "DirectoryFileFormats", "PreparedImages", "DirectoryLDAP",
    "DirectorySCIM",
  ]
  for target in package.targets where instrumented.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
  }
  package.targets += [
    .systemLibrary(name: "CLibFuzzer", path: "Tests/Fuzz/CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Tests/Fuzz/FuzzSupport"),
  ]
  let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzDirectoryParser", ["Directory"]),
    ("FuzzImageDecoder", ["PreparedImages"]),
    ("FuzzLDAPEntry", ["DirectoryLDAP", "Directory"]),
    ("FuzzSCIMResponse", ["DirectorySCIM", "Directory"]),
    ("FuzzPersonFilter", ["Directory"]),
    ("FuzzReplicaFiles", ["Directory"]),
    ("FuzzPeopleFiles", ["DirectoryFileFormats", "Directory"]),
    ("FuzzPhoneNumbers", ["Directory"]),
    ("FuzzChangeHistory", ["Directory"]),
  ]
  for fuzz in fuzzTargets {
    package.targets.append(
      .executableTarget(
        name: fuzz.name, dependencies: fuzz.dependencies + ["FuzzSupport"],
        path: "Tests/Fuzz/\(fuzz.name)",
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]))
  }
}
