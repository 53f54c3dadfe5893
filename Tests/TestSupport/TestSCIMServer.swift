import AsyncHTTPClient
import Foundation
import LDAPDemo
import NIOCore

/// A real SCIM 2.0 server (scim2-server from PyPI, in .build/scim-venv made by
/// scripts/install-deps.sh) on 127.0.0.1 with a free port and a bearer token,
/// loaded with users through `/Bulk`. It keeps everything in memory and
/// sorts on every page: keep test directories small.
///
/// Threading: made in a test's `setUp`, used by its tests one at a time;
/// `stop` and `kill` may be called from any thread.
public final class TestSCIMServer: @unchecked Sendable {
  /// One user as the tests load it.
  public struct Person: Sendable {
    public var userName: String
    public var displayName: String
    /// `roles[primary].value`; nil for none.
    public var role: String?
    public var userType: String?
    /// The thumbnail's address; nil for none.
    public var photo: String?

    public init(
      userName: String, displayName: String, role: String? = nil, userType: String? = nil,
      photo: String? = nil
    ) {
      self.userName = userName
      self.displayName = displayName
      self.role = role
      self.userType = userType
      self.photo = photo
    }
  }

  public static let token = "test-scim-token"
  /// The operations of one /Bulk request (the server allows 1,000).
  static let bulkSize = 500

  public let port: Int
  private let process: Process

  /// The server's program, from the repository's .build/scim-venv.
  public static var program: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/scim-venv/bin/scim2-server")
  }

  /// Starts a server and loads `people` (in the order given).
  public init(people: [Person]) async throws {
    guard FileManager.default.isExecutableFile(atPath: Self.program.path) else {
      throw TestSCIMServerError("no \(Self.program.path): run scripts/install-deps.sh")
    }
    port = try DemoLDAPServer.freePort()
    process = Process()
    process.executableURL = Self.program
    process.arguments = [
      "--hostname", "127.0.0.1", "--port", "\(port)", "--bearer-token", Self.token,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    do {
      try await waitUntilReady()
      for start in stride(from: 0, to: people.count, by: Self.bulkSize) {
        try await load(people[start..<min(start + Self.bulkSize, people.count)])
      }
    } catch {
      kill()
      throw error
    }
  }

  deinit { kill() }

  /// `scim+http://127.0.0.1:PORT/v2`.
  public var url: String { "scim+http://127.0.0.1:\(port)/v2" }

  /// Stops the server at once (SIGKILL), as a crash or a pulled cable would.
  public func kill() {
    guard process.isRunning else { return }
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// `count` people "user0000"… loaded in a scrambled order (a prime stride
  /// through them, so the server's sort does the work), every
  /// third an Admin by role, every fifth an Owner by userType; names with a
  /// quote and a backslash for some.
  public static func people(_ count: Int) -> [Person] {
    let people = (0..<count).map { index in
      let number = String(index + 10000).dropFirst()
      return Person(
        userName: "user\(number)",
        displayName: index % 7 == 0 ? #"Ann "Q\#(number)" O\Brien"# : "Person \(number)",
        role: index % 3 == 0 ? "Admin" : nil, userType: index % 5 == 0 ? "Owner" : "User")
    }
    let stride = 7919  // prime: every position once when count is no multiple
    return (0..<count).map { people[($0 * stride) % count] }
  }

  private func waitUntilReady() async throws {
    // Python imports its libraries first: seconds on a busy machine.
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      guard process.isRunning else { throw TestSCIMServerError("scim2-server exited") }
      var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v2/ServiceProviderConfig")
      request.headers.add(name: "Authorization", value: "Bearer \(Self.token)")
      if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)),
        response.status == .ok
      {
        return
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw TestSCIMServerError("scim2-server did not answer within 60 s")
  }

  private func load(_ people: ArraySlice<Person>) async throws {
    let operations: [[String: Any]] = people.enumerated().map { index, person in
      var user: [String: Any] = [
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
        "userName": person.userName, "displayName": person.displayName,
      ]
      if let role = person.role { user["roles"] = [["value": role, "primary": true]] }
      if let userType = person.userType { user["userType"] = userType }
      if let photo = person.photo { user["photos"] = [["value": photo, "type": "thumbnail"]] }
      return ["method": "POST", "path": "/Users", "bulkId": "u\(index)", "data": user]
    }
    let body = try JSONSerialization.data(withJSONObject: [
      "schemas": ["urn:ietf:params:scim:api:messages:2.0:BulkRequest"], "Operations": operations,
    ])
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v2/Bulk")
    request.method = .POST
    request.headers.add(name: "Authorization", value: "Bearer \(Self.token)")
    request.headers.add(name: "Content-Type", value: "application/scim+json")
    request.body = .bytes(ByteBuffer(bytes: body))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
    let answer = try await response.body.collect(upTo: 16 << 20)
    guard response.status == .ok, !String(buffer: answer).contains(#""status": "4"#) else {
      throw TestSCIMServerError("/Bulk answered \(response.status): \(String(buffer: answer))")
    }
  }
}

/// Why the test SCIM server could not start or load.
///
/// Threading: a plain value; `Sendable`.
public struct TestSCIMServerError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
