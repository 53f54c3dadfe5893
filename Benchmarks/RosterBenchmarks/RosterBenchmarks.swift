import Benchmark
import Directory
import DirectoryGenerator
import Foundation
import PreparedImages

/// The data/ folder of the Roster checkout this package sits in.
private let dataFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("data")

/// A generated directory of `count` users as users.json bytes.
private func directoryJSON(users count: Int) -> (users: [User], json: [UInt8]) {
  let avatars = (1...4_000).map { "avatars/avatar-\($0).png" }
  let users = UserGenerator.users(count: count, avatarFileNames: avatars, seed: 2026)
  return (users, UserGenerator.json(for: users))
}

/// A generated table of a million people with every detail, the process's
/// collation set to German (scripts/install-deps.sh installs that locale;
/// the C locale's byte order would flatter the sort).
private func millionPeople() -> UserTable {
  setlocale(LC_COLLATE, "de_DE.utf8")
  let avatars = (1...4_000).map { "avatars/avatar-\($0).png" }
  return UserTable(UserGenerator.users(count: 1_000_000, avatarFileNames: avatars, seed: 2026))
}

private func avatarBytes(_ name: String) -> [UInt8] {
  guard
    let data = FileManager.default.contents(
      atPath: dataFolder.appendingPathComponent("avatars/\(name)").path)
  else { fatalError("missing data/avatars/\(name): run from a Roster checkout") }
  return [UInt8](data)
}

/// Decoded images to fill caches with, made once.
private func preparedImages(count: Int) -> [PreparedImage] {
  let decoder = ImageDecoder(maxPixelSide: 8192, maxMegapixels: 40)
  let bytes = avatarBytes("avatar-0025.png")
  return (0..<count).map { _ in try! decoder.decode(bytes, pixelSize: 48).get() }
}

/// A filled cache and the keys to look up.
private struct CacheLookup: @unchecked Sendable {
  let cache: MemoryCache
  let requests: [ImageRequest]
}

/// Images and keys to store.
private struct CacheFill: @unchecked Sendable {
  let images: [PreparedImage]
  let requests: [ImageRequest]
}

/// A pipeline whose memory cache holds `request`.
private struct WarmPipeline: @unchecked Sendable {
  let pipeline: ImagePipeline
  let request: ImageRequest
}

private func requests(_ count: Int) -> [ImageRequest] {
  (0..<count).map { ImageRequest(source: .file("/avatars/\($0).png"), pixelSize: 48) }
}

/// The baseline for DirectoryParser: users.json through Foundation's JSONDecoder with the same
/// rules (an entry with a missing or mistyped field is skipped and counted; "id" may be a
/// string or an integer), so the two benchmarks compare like for like.
private struct DecoderEntry: Decodable {
  let user: User?

  private enum Key: String, CodingKey { case id, username, avatar, role }

  init(from decoder: any Decoder) {
    user = try? Self.user(from: decoder)
  }

  private static func user(from decoder: any Decoder) throws -> User? {
    let fields = try decoder.container(keyedBy: Key.self)
    let username = try fields.decode(String.self, forKey: .username)
    guard !username.isEmpty else { return nil }
    let text = try? fields.decodeIfPresent(String.self, forKey: .id)
    let id = try text ?? fields.decodeIfPresent(Int.self, forKey: .id).map(String.init)
    return User(
      id: id?.isEmpty == false ? id : nil, username: username,
      avatar: try fields.decodeIfPresent(String.self, forKey: .avatar) ?? "",
      role: try fields.decodeIfPresent(String.self, forKey: .role).map(Role.init(jsonValue:))
        ?? .unknown)
  }
}

/// Users and the skipped count, as `DirectoryParser.parse` reports them.
private func decodeWithFoundation(_ json: [UInt8]) throws -> (users: [User], skipped: Int) {
  let entries = try JSONDecoder().decode([DecoderEntry].self, from: Data(json))
  let users = entries.compactMap(\.user)
  return (users, entries.count - users.count)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(3), maxIterations: 1_000)

  // MARK: Directory

  Benchmark(
    "Parse users.json, 100,000 users",
    configuration: .init(maxIterations: 20, thresholds: nil)
  ) { (benchmark: Benchmark, input: (users: [User], json: [UInt8])) in
    for _ in benchmark.scaledIterations {
      blackHole(try DirectoryParser.parse(input.json))
    }
  } setup: {
    directoryJSON(users: 100_000)
  }

  Benchmark(
    "Parse users.json with JSONDecoder (baseline), 100,000 users",
    configuration: .init(maxIterations: 20, thresholds: nil)
  ) { (benchmark: Benchmark, input: (users: [User], json: [UInt8])) in
    for _ in benchmark.scaledIterations {
      blackHole(try decodeWithFoundation(input.json))
    }
  } setup: {
    let input = directoryJSON(users: 100_000)
    // Same result as the scanner, or the comparison means nothing.
    let parsed = try! DirectoryParser.parse(input.json)
    let decoded = try! decodeWithFoundation(input.json)
    precondition(decoded.users == parsed.users && decoded.skipped == parsed.skipped)
    return input
  }

  Benchmark(
    "Build view models, 100,000 users",
    configuration: .init(maxIterations: 20)
  ) { (benchmark: Benchmark, users: [User]) in
    for _ in benchmark.scaledIterations {
      blackHole(users.map(UserViewModel.init(user:)))
    }
  } setup: {
    directoryJSON(users: 100_000).users
  }

  // MARK: Filter and sort (a million people with every detail)

  Benchmark(
    "Filter 1,000,000 people (department, title and location conditions)",
    configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 10)
  ) { (benchmark: Benchmark, table: UserTable) in
    let filter = try PersonFilter(
      parsing: #"department eq "Platform" and (title co "engineer" or location sw "Ber")"#)
    for _ in benchmark.scaledIterations {
      blackHole(TableFilter(filter, over: table).positions(isCancelled: { false }))
    }
  } setup: {
    millionPeople()
  }

  Benchmark(
    "Sort 1,000,000 people by department, then display name, a table's first sort (de_DE)",
    configuration: .init(
      metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 7)
  ) { (benchmark: Benchmark, users: [User]) in
    let order = try PersonSort(parsing: "department,displayName")
    for _ in benchmark.scaledIterations {
      // A table of its own: no field's ranks are kept from an earlier sort.
      let table = UserTable(users)
      benchmark.startMeasurement()
      blackHole(table.sortedPositions(by: order, isCancelled: { false }))
      benchmark.stopMeasurement()
    }
  } setup: {
    setlocale(LC_COLLATE, "de_DE.utf8")
    let avatars = (1...4_000).map { "avatars/avatar-\($0).png" }
    return UserGenerator.users(count: 1_000_000, avatarFileNames: avatars, seed: 2026)
  }

  Benchmark(
    "Sort 1,000,000 people by department, then display name (de_DE collation)",
    configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5)
  ) { (benchmark: Benchmark, table: UserTable) in
    let order = try PersonSort(parsing: "department,displayName")
    for _ in benchmark.scaledIterations {
      // One table for every iteration: after the first, the fields' ranks are kept.
      blackHole(table.sortedPositions(by: order, isCancelled: { false }))
    }
  } setup: {
    millionPeople()
  }

  // MARK: Memory cache

  Benchmark(
    "Memory cache get (hit), 1,000 lookups",
    configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal])
  ) { (benchmark: Benchmark, input: CacheLookup) in
    for _ in benchmark.scaledIterations {
      for request in input.requests { blackHole(input.cache.image(for: request)) }
    }
  } setup: {
    let cache = MemoryCache(costLimit: 64 << 20)
    let keys = requests(1_000)
    for (request, image) in zip(keys, preparedImages(count: 1_000)) {
      cache.store(image, for: request)
    }
    return CacheLookup(cache: cache, requests: keys)
  }

  Benchmark(
    "Memory cache put with LRU eviction, 1,000 stores",
    configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal])
  ) { (benchmark: Benchmark, input: CacheFill) in
    // 1,000 images of 9 KiB into a 1 MiB budget: most stores evict.
    let cache = MemoryCache(costLimit: 1 << 20)
    for _ in benchmark.scaledIterations {
      for (request, image) in zip(input.requests, input.images) { cache.store(image, for: request) }
    }
    blackHole(cache.totalCost)
  } setup: {
    CacheFill(images: preparedImages(count: 1_000), requests: requests(1_000))
  }

  // MARK: Generation tokens

  Benchmark(
    "Image slot bind + unbind with a memory hit (token bump and check)",
    configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal])
  ) { (benchmark: Benchmark, input: WarmPipeline) in
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      var applied = 0
      let slot = ImageSlot(pipeline: input.pipeline) { image, _ in if image != nil { applied += 1 }
      }
      for _ in iterations {
        for index in 0..<1_000 {
          slot.bind(identity: index, request: input.request)
          slot.unbind()
        }
      }
      blackHole(applied)
    }
  } setup: {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = nil
    let pipeline = await MainActor.run { ImagePipeline(configuration: configuration) }
    let request = ImageRequest(
      source: .file(dataFolder.appendingPathComponent("avatars/avatar-0025.png").path),
      pixelSize: 48)
    _ = try await pipeline.image(for: request)
    return WarmPipeline(pipeline: pipeline, request: request)
  }

  // MARK: Decode + prepare, per format and size

  let decodes: [(name: String, file: String, pixelSize: Int)] = [
    ("JPEG 96 px -> 48", "avatar-0111.jpg", 48),
    ("JPEG 512 px -> 48", "avatar-0008.jpg", 48),
    ("JPEG 512 px -> 96", "avatar-0008.jpg", 96),
    ("JPEG 1024 px -> 96", "avatar-0024.jpg", 96),
    ("PNG 96 px -> 48", "avatar-0026.png", 48),
    ("PNG 512 px -> 48", "avatar-0025.png", 48),
    ("PNG 512 px -> 96", "avatar-0025.png", 96),
    ("PNG 1024 px -> 96", "avatar-0042.png", 96),
  ]
  for decode in decodes {
    Benchmark(
      "Decode + prepare \(decode.name)",
      configuration: .init(metrics: [
        .wallClock, .throughput, .mallocCountTotal, .peakMemoryResident,
      ])
    ) { (benchmark: Benchmark, bytes: [UInt8]) in
      let decoder = ImageDecoder(maxPixelSide: 8192, maxMegapixels: 40)
      for _ in benchmark.scaledIterations {
        blackHole(try decoder.decode(bytes, pixelSize: decode.pixelSize).get())
      }
    } setup: {
      avatarBytes(decode.file)
    }
  }
}
