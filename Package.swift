// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Roster",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "roster", targets: ["roster"]),
    .library(name: "GtkKit", targets: ["GtkKit"]),
    .library(name: "PreparedImages", targets: ["PreparedImages"]),
    .library(name: "Directory", targets: ["Directory"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    .target(name: "GtkKit", dependencies: ["CGtk"]),
    .target(
      name: "PreparedImages",
      dependencies: [
        "CGtk",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .target(
      name: "Directory",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .target(name: "DirectoryGenerator", dependencies: ["CGtk", "Directory"]),
    // Small helpers every layer may use (no dependencies of its own).
    .target(name: "SharedSupport"),
    .target(
      name: "RosterKit",
      dependencies: ["CGtk", "GtkKit", "PreparedImages", "Directory", "SharedSupport"]
    ),
    // `roster bench`: the benchmark harness around RosterKit's window.
    .target(
      name: "RosterBench",
      dependencies: [
        "RosterKit", "GtkKit", "PreparedImages", "Directory", "DirectoryGenerator", "CGtk",
        "SharedSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "roster",
      dependencies: [
        "RosterKit", "RosterBench", "DirectoryGenerator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk"]),
    .testTarget(
      name: "PreparedImagesTests",
      dependencies: [
        "PreparedImages", "CGtk",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "DirectoryTests",
      dependencies: [
        "Directory",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "DirectoryGeneratorTests", dependencies: ["DirectoryGenerator", "Directory", "CGtk"]),
    .testTarget(
      name: "RosterKitTests", dependencies: ["RosterKit", "GtkKit", "CGtk", "Directory"]),
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
        "Directory", "PreparedImages",
      ],
      path: "Benchmarks/RosterBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ))
}
