import CGtk

/// Owns the root widget of a Swift-built widget tree: sinks the floating
/// reference when the tree is built and drops it when the owner goes away.
///
/// Threading: main-actor only.
@MainActor
enum ObjectRefs {
  static func keep(_ object: UnsafeMutableRawPointer) {
    g_object_ref_sink(object)
  }

  static func release(_ object: UnsafeMutableRawPointer) {
    g_object_unref(object)
  }
}
