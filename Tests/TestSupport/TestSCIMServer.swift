import Foundation
import LDAPDemo

/// A real SCIM 2.0 server (scim2-server from PyPI, in .build/scim-venv made by
/// scripts/install-deps.sh) on 127.0.0.1 with a free port and a bearer token,
/// loaded with users through `/Bulk`. It keeps everything in memory and
/// sorts on every page: keep test directories small.
///
/// Threading: made in a test's `setUp`, used by its tests one at a time;
/// `stop` and `kill` may be called from any thread.
public final class TestSCIMServer: @unchecked Sendable {
  /// One user as the tests load it; nil leaves an attribute out.
  public struct Person: Sendable {
    public var userName: String
    public var displayName: String?
    /// `name.formatted`.
    public var formattedName: String?
    /// `roles[primary].value`.
    public var role: String?
    public var userType: String?
    /// The thumbnail's address.
    public var photo: String?
    /// The primary work email, and a home one listed before it.
    public var email: String?
    public var title: String?
    /// The primary work phone number.
    public var phone: String?
    /// The locality of the primary work address.
    public var locality: String?
    /// The enterprise extension's department and employee number.
    public var department: String?
    public var employeeNumber: String?
    /// The userName of their manager, who must be loaded in the same /Bulk
    /// request: `manager.value` is the id the server gives the manager.
    public var manager: String?
    /// `active` (nil: not sent, which reads as active).
    public var active: Bool?

    public init(
      userName: String, displayName: String?, role: String? = nil, userType: String? = nil,
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
  /// The configuration file of a server without ETags, removed with it.
  private let configuration: URL?

  /// The server's program, from the repository's .build/scim-venv.
  public static var program: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/scim-venv/bin/scim2-server")
  }

  /// Starts a server and loads `people` (in the order given). Without
  /// `etags` its configuration says it versions nothing: no ETag header,
  /// no `meta.version`, and If-Match matches nothing.
  public init(people: [Person], etags: Bool = true) async throws {
    guard FileManager.default.isExecutableFile(atPath: Self.program.path) else {
      throw TestSCIMServerError("no \(Self.program.path): run scripts/install-deps.sh")
    }
    port = try DemoLDAPServer.freePort()
    process = Process()
    process.executableURL = Self.program
    process.arguments = [
      "--hostname", "127.0.0.1", "--port", "\(port)", "--bearer-token", Self.token,
    ]
    if etags {
      configuration = nil
    } else {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-scim-config-\(UUID()).json")
      try Data(Self.configurationWithoutETags.utf8).write(to: file)
      configuration = file
      process.arguments! += ["--service-provider-config", file.path]
    }
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

  deinit {
    kill()
    if let configuration { try? FileManager.default.removeItem(at: configuration) }
  }

  /// scim2-server's own configuration with `etag.supported` false.
  static let configurationWithoutETags = """
    {"schemas": ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
     "patch": {"supported": true},
     "bulk": {"supported": true, "maxOperations": 1000, "maxPayloadSize": 1048576},
     "filter": {"supported": true, "maxResults": 1000},
     "changePassword": {"supported": true}, "sort": {"supported": true},
     "etag": {"supported": false}, "authenticationSchemes": []}
    """

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
  /// third an Admin by role, every fifth an Owner by userType, every tenth
  /// from the eighth inactive; names with a
  /// quote and a backslash for some. Each has an email, title, phone
  /// number, locality, department and employee number chosen by their
  /// number, and (but user0000) a manager: user N reports to user (N-1)/4.
  public static func people(_ count: Int) -> [Person] {
    let people = (0..<count).map { index in
      let number = String(index + 10000).dropFirst()
      var person = Person(
        userName: "user\(number)",
        displayName: index % 7 == 0 ? #"Ann "Q\#(number)" O\Brien"# : "Person \(number)",
        role: index % 3 == 0 ? "Admin" : nil, userType: index % 5 == 0 ? "Owner" : "User")
      person.email = "user\(number)@example.org"
      person.title = ["Software Engineer", "Designer", "Accountant"][index % 3]
      person.phone = "+1 555 01\(number)"
      person.locality = ["Berlin", "London", "São Paulo"][index % 3]
      person.department = ["Platform", "Design", "Finance", "Support"][index % 4]
      person.employeeNumber = "E\(number)"
      person.manager = index == 0 ? nil : "user" + String((index - 1) / 4 + 10000).dropFirst()
      // Every tenth from the eighth inactive; the next one said active.
      person.active = [7: false, 8: true][index % 10]
      return person
    }
    let stride = 7919  // prime: every position once when count is no multiple
    return (0..<count).map { people[($0 * stride) % count] }
  }

  private func waitUntilReady() async throws {
    // Python imports its libraries first: seconds on a busy machine.
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      guard process.isRunning else { throw TestSCIMServerError("scim2-server exited") }
      if let answer = try? await TestHTTPClient.send(
        "GET", "http://127.0.0.1:\(port)/v2/ServiceProviderConfig",
        headers: ["Authorization": "Bearer \(Self.token)"], timeout: .seconds(2)),
        answer.status == 200
      {
        return
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw TestSCIMServerError("scim2-server did not answer within 60 s")
  }

  private func load(_ people: ArraySlice<Person>) async throws {
    let bulkIDs = Dictionary(
      people.enumerated().map { ($1.userName, "u\($0)") }, uniquingKeysWith: { first, _ in first })
    let operations: [[String: Any]] = people.enumerated().map { index, person in
      var user = Self.resource(person)
      // The server puts the id it gave the manager in place of the bulkId.
      if let manager = person.manager.flatMap({ bulkIDs[$0] }),
        var values = user[Self.enterprise] as? [String: Any]
      {
        values["manager"] = ["value": "bulkId:\(manager)"]
        user[Self.enterprise] = values
      }
      return ["method": "POST", "path": "/Users", "bulkId": "u\(index)", "data": user]
    }
    let body = try JSONSerialization.data(withJSONObject: [
      "schemas": ["urn:ietf:params:scim:api:messages:2.0:BulkRequest"], "Operations": operations,
    ])
    let answer = try await TestHTTPClient.send(
      "POST", "http://127.0.0.1:\(port)/v2/Bulk",
      headers: [
        "Authorization": "Bearer \(Self.token)", "Content-Type": "application/scim+json",
      ], body: Array(body), timeout: .seconds(120))
    guard answer.status == 200, !answer.text.contains(#""status": "4"#) else {
      throw TestSCIMServerError("/Bulk answered \(answer.status): \(answer.text)")
    }
  }
}

extension TestSCIMServer {
  static let enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

  /// `person` as a SCIM user; the enterprise extension (declared in
  /// `schemas`) when they have a department or employee number.
  static func resource(_ person: Person) -> [String: Any] {
    var user: [String: Any] = ["userName": person.userName]
    var schemas = ["urn:ietf:params:scim:schemas:core:2.0:User"]
    if let name = person.displayName { user["displayName"] = name }
    if let name = person.formattedName { user["name"] = ["formatted": name] }
    if let role = person.role { user["roles"] = [["value": role, "primary": true]] }
    if let userType = person.userType { user["userType"] = userType }
    if let active = person.active { user["active"] = active }
    if let photo = person.photo { user["photos"] = [["value": photo, "type": "thumbnail"]] }
    if let email = person.email {
      user["emails"] = [
        ["value": "home-" + email, "type": "home"],
        ["value": email, "type": "work", "primary": true],
      ]
    }
    if let title = person.title { user["title"] = title }
    if let phone = person.phone {
      user["phoneNumbers"] = [["value": phone, "type": "work", "primary": true]]
    }
    if let locality = person.locality {
      user["addresses"] = [["locality": locality, "type": "work", "primary": true]]
    }
    var extensionValues: [String: Any] = [:]
    if let department = person.department { extensionValues["department"] = department }
    if let number = person.employeeNumber { extensionValues["employeeNumber"] = number }
    if !extensionValues.isEmpty || person.manager != nil {
      schemas.append(enterprise)
      user[enterprise] = extensionValues
    }
    user["schemas"] = schemas
    return user
  }
}

/// Why the test SCIM server could not start or load.
///
/// Threading: a plain value; `Sendable`.
public struct TestSCIMServerError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
