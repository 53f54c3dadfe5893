/// Image bytes the app supplies itself, such as a photo read from an LDAP entry: not a file and
/// not a URL.
///
/// `key` names the image and its version (for example the entry's DN and its modification
/// stamp): two values with the same key are the same image, so equality and hashing use the key
/// alone, and the memory cache keeps it by key and pixel size. A new version needs a new key.
///
/// `load` is called on a pipeline task, at most once per load, with the byte limit it must stay
/// within; it runs under the pipeline's load slots and priorities, and is cancelled (as a Swift
/// task) when the last subscriber leaves. Bytes over the limit are refused as `.tooLarge`; a
/// thrown error fails the request (`.providerFailed`) and the row keeps its placeholder.
///
/// Threading: a `Sendable` value; `load` may run on any thread.
public struct ProvidedImage: Hashable, Sendable {
  public let key: String
  public let load: @Sendable (_ maxBytes: Int) async throws -> [UInt8]

  public init(key: String, load: @escaping @Sendable (_ maxBytes: Int) async throws -> [UInt8]) {
    self.key = key
    self.load = load
  }

  public static func == (lhs: ProvidedImage, rhs: ProvidedImage) -> Bool { lhs.key == rhs.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// Runs `load` within `maxBytes`; errors become ``ImageFailure``s.
  func loadBounded(maxBytes: Int) async -> Result<[UInt8], ImageFailure> {
    do {
      let bytes = try await load(maxBytes)
      try Task.checkCancellation()
      return bytes.count <= maxBytes ? .success(bytes) : .failure(.tooLarge)
    } catch let failure as ImageFailure {
      return .failure(failure)
    } catch is CancellationError {
      return .failure(.cancelled)
    } catch {
      return .failure(.providerFailed)
    }
  }
}
