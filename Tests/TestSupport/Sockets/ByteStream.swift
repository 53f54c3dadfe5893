import CSoup
import Foundation
import LDAPDemo

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes in and out of one connection, plain or TLS, for the test proxies.
///
/// Threading: one thread may read while another writes; `shutdown` may
/// be called from any thread and ends both.
protocol ByteStream: Sendable {
  /// Up to 16 KiB; empty at the end of the stream or on an error.
  func read() -> [UInt8]
  /// All of `bytes`; false once the peer is gone.
  func write(_ bytes: [UInt8]) -> Bool
  func shutdown()
}

/// A plain socket.
struct SocketStream: ByteStream {
  let descriptor: Int32

  init(_ descriptor: Int32) { self.descriptor = descriptor }

  func read() -> [UInt8] { Sockets.read(descriptor) }
  func write(_ bytes: [UInt8]) -> Bool { Sockets.write(descriptor, bytes) }
  func shutdown() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
}

/// A certificate and its key, read once by GIO, that a test server shows.
///
/// Threading: `Sendable`; GIO's certificates are immutable.
final class TLSIdentity: @unchecked Sendable {
  let certificate: UnsafeMutablePointer<GTlsCertificate>

  init(_ files: SlapdConfiguration.TLSFiles) throws {
    var error: UnsafeMutablePointer<GError>?
    guard
      let certificate = g_tls_certificate_new_from_files(
        files.certificate.path, files.key.path, &error)
    else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
      g_clear_error(&error)
      throw TLSIdentityError(reason: reason)
    }
    self.certificate = certificate
  }

  deinit { g_object_unref(certificate) }
}

/// Why a test certificate could not be read.
struct TLSIdentityError: Error {
  let reason: String
}

/// The server's side of TLS on an accepted socket (GIO, through
/// glib-networking), the handshake done before it is returned.
final class TLSServerStream: ByteStream, @unchecked Sendable {
  private let descriptor: Int32
  private let connection: UnsafeMutablePointer<GIOStream>

  /// Nil when the handshake fails (the client hung up or refused the
  /// certificate).
  init?(socket descriptor: Int32, identity: TLSIdentity) {
    // GIO closes what it owns: hand it a copy of the descriptor.
    guard let socket = g_socket_new_from_fd(dup(descriptor), nil) else { return nil }
    guard let base = g_socket_connection_factory_create_connection(socket) else {
      g_object_unref(socket)
      return nil
    }
    g_object_unref(socket)
    let tls = g_tls_server_connection_new(
      UnsafeMutableRawPointer(base).assumingMemoryBound(to: GIOStream.self),
      identity.certificate, nil)
    g_object_unref(base)
    guard let tls else { return nil }
    let handshaked = g_tls_connection_handshake(
      UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GTlsConnection.self), nil, nil)
    // Failing before every property is set: no deinit runs, so the
    // connection is dropped here, once.
    guard handshaked != 0 else {
      g_object_unref(tls)
      return nil
    }
    self.descriptor = descriptor
    connection = UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GIOStream.self)
  }

  deinit { g_object_unref(connection) }

  func read() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    let count = g_input_stream_read(
      g_io_stream_get_input_stream(connection), &buffer, gsize(buffer.count), nil, nil)
    return count > 0 ? Array(buffer[..<count]) : []
  }

  func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes {
      g_output_stream_write_all(
        g_io_stream_get_output_stream(connection), $0.baseAddress, gsize($0.count), nil, nil,
        nil) != 0
    }
  }

  func shutdown() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
}
