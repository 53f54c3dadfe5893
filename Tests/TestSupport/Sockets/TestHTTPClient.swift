import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain HTTP/1.1 client for the tests' own servers on 127.0.0.1 (the
/// SCIM server's loading and checks): one request per connection, the
/// answer read to its end, a chunked body put back together. Roster's own
/// client is never used to set up what it is tested against.
///
/// Threading: stateless; each request blocks a thread of its own while the
/// caller awaits.
public enum TestHTTPClient {
  /// The status and the body of an answer.
  public struct Answer: Sendable {
    public var status: Int
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// Why a request got no answer.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Sends `method` to `url` ("http://127.0.0.1:PORT/path?query"); each
  /// read waits at most `timeout`.
  public static func send(
    _ method: String, _ url: String, headers: [String: String] = [:], body: [UInt8]? = nil,
    timeout: Duration = .seconds(60)
  ) async throws -> Answer {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result { try exchange(method, url, headers: headers, body: body, timeout: timeout) }
        )
      }
    }
  }

  private static func exchange(
    _ method: String, _ url: String, headers: [String: String], body: [UInt8]?, timeout: Duration
  ) throws -> Answer {
    guard url.hasPrefix("http://") else { throw Failure(description: "not http: \(url)") }
    let rest = url.dropFirst("http://".count)
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<slash]
    let path = slash == rest.endIndex ? "/" : String(rest[slash...])
    guard let colon = authority.lastIndex(of: ":"),
      let port = Int(authority[authority.index(after: colon)...]),
      let socket = Sockets.connect(host: String(authority[..<colon]), port: port)
    else { throw Failure(description: "cannot connect to \(url)") }
    defer { close(socket) }
    var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    guard Sockets.write(socket, Array(head.utf8) + (body ?? [])) else {
      throw Failure(description: "\(url) hung up")
    }
    var answer: [UInt8] = []
    while case let chunk = Sockets.read(socket, limit: 64 << 10), !chunk.isEmpty {
      answer += chunk
      guard answer.count <= 64 << 20 else { throw Failure(description: "\(url): too large") }
    }
    return try parse(answer, from: url)
  }

  private static func parse(_ bytes: [UInt8], from url: String) throws -> Answer {
    guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
      throw Failure(description: "\(url) answered no head")
    }
    let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n")
    let words = lines.first?.split(separator: " ") ?? []
    guard words.count >= 2, let status = Int(words[1]) else {
      throw Failure(description: "\(url) answered \(lines.first ?? "")")
    }
    let chunked = lines.dropFirst().contains {
      $0.lowercased().hasPrefix("transfer-encoding:") && $0.lowercased().contains("chunked")
    }
    let body = Array(bytes[end.upperBound...])
    return Answer(status: status, body: chunked ? try dechunk(body, from: url) : body)
  }

  private static func dechunk(_ bytes: [UInt8], from url: String) throws -> [UInt8] {
    var body: [UInt8] = []
    var index = 0
    let newline = Array("\r\n".utf8)
    while let line = bytes[index...].firstRange(of: newline) {
      let sizeText = String(decoding: bytes[index..<line.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
        throw Failure(description: "\(url): a bad chunk size")
      }
      if size == 0 { return body }
      let start = line.upperBound
      guard start + size <= bytes.count else { throw Failure(description: "\(url): cut short") }
      body += bytes[start..<start + size]
      index = start + size + newline.count
    }
    throw Failure(description: "\(url): cut short")
  }
}
