import Directory
import Foundation
import TestSupport
import XCTest

final class DirectoryLoaderHTTPTests: XCTestCase {
  private let directory = Array(
    #"[{"id": "u1", "username": "maria.garcia", "avatar": "avatars/m.jpg", "role": "Admin"}]"#.utf8)

  private func load(
    _ path: String, routes: [String: TestHTTPServer.Response],
    loader: DirectoryLoader = DirectoryLoader()
  ) async throws -> Result<DirectoryContents, DirectoryError> {
    let server = try await TestHTTPServer.start(routes: routes)
    let result: Result<DirectoryContents, DirectoryError>
    do throws(DirectoryError) {
      result = .success(try await loader.load(.remote(server.url(path))))
    } catch {
      result = .failure(error)
    }
    try await server.stop()
    return result
  }

  func testARemoteDirectoryLoads() async throws {
    let contents = try await load("/users.json", routes: ["/users.json": .json(directory)]).get()
    XCTAssertEqual(contents.viewModels.map(\.username), ["maria.garcia"])
    XCTAssertEqual(contents.viewModels.first?.roleText, "Admin")
    XCTAssertEqual(contents.byteCount, directory.count)
    XCTAssertNil(contents.source.baseDirectory)
  }

  func testAMissingRemoteDirectorySaysHTTP404() async throws {
    let result = try await load("/users.json", routes: [:])
    XCTAssertEqual(result.failure, .httpStatus(404))
    XCTAssertEqual(result.failure?.errorDescription, "The server answered HTTP 404 (Not Found)")
  }

  func testAServerErrorIsReported() async throws {
    let result = try await load("/users.json", routes: ["/users.json": .status(503)])
    XCTAssertEqual(result.failure, .httpStatus(503))
  }

  func testASilentServerTimesOutQuickly() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await load(
      "/users.json", routes: ["/users.json": .hang],
      loader: DirectoryLoader(timeout: .milliseconds(300)))
    XCTAssertEqual(result.failure, .timedOut)
    XCTAssertEqual(result.failure?.errorDescription, "The server did not answer in time")
    XCTAssertLessThan(start.duration(to: clock.now), .seconds(5))
  }

  func testASlowButTimelyServerStillLoads() async throws {
    let result = try await load(
      "/users.json", routes: ["/users.json": .delayed(.milliseconds(100), directory)],
      loader: DirectoryLoader(timeout: .seconds(60)))
    XCTAssertEqual(try result.get().viewModels.count, 1)
  }

  func testARedirectIsFollowed() async throws {
    let contents = try await load(
      "/old.json", routes: ["/old.json": .redirect("/new.json"), "/new.json": .json(directory)]
    ).get()
    XCTAssertEqual(contents.viewModels.map(\.username), ["maria.garcia"])
  }

  func testEndlessRedirectsStopAfterThree() async throws {
    let routes: [String: TestHTTPServer.Response] = [
      "/1": .redirect("/2"), "/2": .redirect("/3"), "/3": .redirect("/4"), "/4": .redirect("/5"),
      "/5": .json(directory),
    ]
    let result = try await load("/1", routes: routes)
    guard case .network(let reason) = result.failure else {
      return XCTFail("expected a network error, got \(result)")
    }
    XCTAssertTrue(reason.contains("redirects"), reason)
  }

  func testABodyOverTheLimitIsRefused() async throws {
    let result = try await load(
      "/users.json", routes: ["/users.json": .json(directory)],
      loader: DirectoryLoader(maxBytes: 16))
    XCTAssertEqual(result.failure, .tooLarge(limit: 16))
  }

  func testNoServerListeningIsANetworkError() async throws {
    let server = try await TestHTTPServer.start(routes: [:])
    let url = server.url("/users.json")
    try await server.stop()
    do throws(DirectoryError) {
      // A timeout no machine reaches: the error is the refusal's.
      _ = try await DirectoryLoader(timeout: .seconds(600)).load(.remote(url))
      XCTFail("nothing is listening")
    } catch {
      guard case .network(let reason) = error else {
        return XCTFail("expected a network error, got \(error)")
      }
      XCTAssertFalse(reason.isEmpty)
      print("connection refused reads: \(error.errorDescription ?? "")")
    }
  }
}

final class DirectoryLoaderRefusedTests: XCTestCase {
  func testARefusedConnectionIsReportedAtOnceNotAfterTheConnectTimeout() async throws {
    let refusing = try RefusingPort()
    let url = try XCTUnwrap(URL(string: refusing.httpURL("/users.json")))
    let clock = ContinuousClock()
    let start = clock.now
    do throws(DirectoryError) {
      // Retried until the connect timeout, as it once was, the refusal took
      // all of it: ten minutes here, so a report within the minute allowed
      // below is the refusal taken at once, on any machine.
      _ = try await DirectoryLoader(timeout: .seconds(600)).load(.remote(url))
      XCTFail("nothing is listening")
    } catch {
      let elapsed = start.duration(to: clock.now)
      print("a refused connection was reported after \(elapsed): \(error.errorDescription ?? "")")
      XCTAssertEqual(error, .network("the server refused the connection"))
      XCTAssertEqual(error.errorDescription, "Network error: the server refused the connection")
      XCTAssertLessThan(elapsed, .seconds(60), "the refusal waited for the timeout")
    }
  }

  /// With `http_proxy` naming a port nothing listens on, the proxy refused,
  /// not the server (which is up): the sentence names the proxy, without
  /// the user name and password its address holds.
  func testARefusingProxyIsNamedAsTheOneThatRefused() async throws {
    let server = try await TestHTTPServer.start(routes: ["/users.json": .json([])])
    let deadProxy = try RefusingPort()
    let result: Result<DirectoryContents, DirectoryError> = await withEnvironment(
      [
        "http_proxy": "http://ada:secret@127.0.0.1:\(deadProxy.port)", "HTTP_PROXY": nil,
        "no_proxy": nil, "NO_PROXY": nil,
      ]
    ) {
      do throws(DirectoryError) {
        return .success(try await DirectoryLoader().load(.remote(server.url("/users.json"))))
      } catch {
        return .failure(error)
      }
    }
    try await server.stop()
    let sentence = "the proxy http://127.0.0.1:\(deadProxy.port) refused the connection"
    guard case .failure(let error) = result else { return XCTFail("the proxy is dead") }
    XCTAssertEqual(error, .network(sentence))
    XCTAssertEqual(error.errorDescription, "Network error: " + sentence)
    XCTAssertEqual(server.hits("/users.json"), 0)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
