import CGtk

/// A `GdkContentProvider` whose bytes are made only when another app (or a
/// drop target) asks for them, in the format it asks for: copying ten
/// thousand people costs nothing until someone pastes, and a paste costs
/// one format, not all of them. Made bytes are kept for the next request.
///
/// `produce` runs off the main thread; the bytes are written to GDK's
/// stream asynchronously on the main loop, so the window keeps painting
/// while a big paste is read from a server and sent.
///
/// Threading: main-actor only; `produce` runs on the global executor.
@MainActor
public final class LazyContent {
  /// Makes the bytes of one MIME type, off the main thread.
  public typealias Produce = @Sendable (_ mimeType: String) async throws -> [UInt8]

  /// The provider, for `gdk_clipboard_set_content` or a drag source.
  public let provider: ObjectRef
  private let payload: LazyContentPayload

  /// Content offered as `mimeTypes` (most preferred first), made by `produce`.
  public init(mimeTypes: [String], produce: @escaping Produce) {
    payload = LazyContentPayload(mimeTypes: mimeTypes, produce: produce)
    let object = GObjectSubclass.new(LazyContentObject.type)
    GObjectSubclass.slot(object).pointee = Unmanaged.passRetained(payload).toOpaque()
    provider = ObjectRef(object, adopt: true)
  }

  /// The `GdkContentProvider *`.
  public var pointer: UnsafeMutablePointer<GdkContentProvider> {
    provider.pointer.assumingMemoryBound(to: GdkContentProvider.self)
  }

  /// How many times bytes were made (a format asked for the first time).
  public var productions: Int { payload.productions }
}

/// What a provider object carries: its formats, how to make them, and
/// what was made.
///
/// Threading: main thread only (GDK calls the vfuncs there).
final class LazyContentPayload: @unchecked Sendable {
  let mimeTypes: [String]
  let produce: LazyContent.Produce
  private var made: [String: [UInt8]] = [:]
  private(set) var productions = 0

  init(mimeTypes: [String], produce: @escaping LazyContent.Produce) {
    self.mimeTypes = mimeTypes
    self.produce = produce
  }

  /// The bytes of `mimeType`, made once, handed to `done` on the main actor.
  @MainActor func bytes(
    of mimeType: String, _ done: @escaping @MainActor (Result<[UInt8], any Error>) -> Void
  ) {
    if let bytes = made[mimeType] { return done(.success(bytes)) }
    productions += 1
    let produce = produce
    Task { @MainActor in
      let result: Result<[UInt8], any Error>
      do {
        result = .success(try await Self.run(produce, mimeType))
      } catch {
        result = .failure(error)
      }
      if case .success(let bytes) = result { self.made[mimeType] = bytes }
      done(result)
    }
  }

  /// Runs `produce` on the global executor.
  @concurrent private static func run(
    _ produce: LazyContent.Produce, _ mimeType: String
  ) async throws -> [UInt8] {
    try await produce(mimeType)
  }
}

/// The registered GdkContentProvider subclass behind ``LazyContent``.
///
/// Threading: main thread only.
enum LazyContentObject {
  nonisolated(unsafe) private static var parentClass: UnsafeMutableRawPointer?

  static let type: GType = GObjectSubclass.register(
    name: "GtkKitLazyContent", parent: gdk_content_provider_get_type(),
    classSize: MemoryLayout<GdkContentProviderClass>.stride,
    instanceSize: GObjectSubclass.instanceSize
  ) { klass, _ in
    LazyContentObject.parentClass = g_type_class_peek_parent(klass)
    let provider = klass!.assumingMemoryBound(to: GdkContentProviderClass.self)
    provider.pointee.parent_class.finalize = { object in
      let slot = GObjectSubclass.slot(UnsafeMutableRawPointer(object!))
      if let raw = slot.pointee {
        Unmanaged<LazyContentPayload>.fromOpaque(raw).release()
        slot.pointee = nil
      }
      GObjectSubclass.chainFinalize(object, parent: LazyContentObject.parentClass)
    }
    provider.pointee.ref_formats = { object in
      let types = payload(object).mimeTypes
      let builder = gdk_content_formats_builder_new()
      for type in types { gdk_content_formats_builder_add_mime_type(builder, type) }
      return gdk_content_formats_builder_free_to_formats(builder)
    }
    provider.pointee.write_mime_type_async = {
      object, mimeType, stream, priority, cancellable, callback, data in
      let task = g_task_new(
        object.map { UnsafeMutableRawPointer($0) }, cancellable, callback, data)!
      let write = PendingWrite(task: task, stream: stream!, priority: priority)
      let mimeType = String(cString: mimeType!)
      let payload = payload(object)
      MainActor.assumeIsolated {
        payload.bytes(of: mimeType) { result in write.finish(with: result) }
      }
    }
    provider.pointee.write_mime_type_finish = { _, result, error in
      g_task_propagate_boolean(result, error)
    }
  }

  private static func payload(_ object: UnsafeMutablePointer<GdkContentProvider>?)
    -> LazyContentPayload
  {
    Unmanaged<LazyContentPayload>.fromOpaque(
      GObjectSubclass.slot(UnsafeMutableRawPointer(object!)).pointee!
    ).takeUnretainedValue()
  }
}

/// One request being answered: GDK's task and stream, held until the
/// bytes are written (or the request failed).
///
/// Threading: main thread only.
private final class PendingWrite: @unchecked Sendable {
  let task: OpaquePointer
  let stream: ObjectRef
  let priority: Int32
  private var buffer: UnsafeMutableRawBufferPointer?

  init(task: OpaquePointer, stream: UnsafeMutablePointer<GOutputStream>, priority: Int32) {
    self.task = task
    self.stream = ObjectRef(UnsafeMutableRawPointer(stream))
    self.priority = priority
  }

  /// Writes the bytes (or returns the error) and completes GDK's task.
  @MainActor func finish(with result: Result<[UInt8], any Error>) {
    switch result {
    case .failure(let error):
      fail("\(error)")
    case .success(let bytes):
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: max(bytes.count, 1), alignment: 1)
      bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
      self.buffer = buffer
      g_output_stream_write_all_async(
        stream.pointer.assumingMemoryBound(to: GOutputStream.self), buffer.baseAddress,
        gsize(bytes.count), priority, g_task_get_cancellable(task),
        { source, result, data in
          let write = Unmanaged<PendingWrite>.fromOpaque(data!).takeRetainedValue()
          var error: UnsafeMutablePointer<GError>?
          let written =
            g_output_stream_write_all_finish(
              UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GOutputStream.self), result,
              nil,
              &error) != 0
          MainActor.assumeIsolated { write.written(ok: written, error: error) }
        }, Unmanaged.passRetained(self).toOpaque())
    }
  }

  @MainActor private func written(ok: Bool, error: UnsafeMutablePointer<GError>?) {
    if ok {
      g_task_return_boolean(task, 1)
    } else if let error {
      g_task_return_error(task, error)
    } else {
      fail("the stream refused the bytes")
    }
    done()
  }

  @MainActor private func fail(_ message: String) {
    g_task_return_error(
      task, g_error_new_literal(g_io_error_quark(), gint(G_IO_ERROR_FAILED.rawValue), message))
    done()
  }

  @MainActor private func done() {
    buffer?.deallocate()
    buffer = nil
    g_object_unref(UnsafeMutableRawPointer(task))
  }
}
