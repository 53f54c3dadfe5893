import CGtk

/// One GVariant, owned: a floating one is sunk when wrapped, and released
/// with the wrapper.
///
/// Threading: main-actor only, like the ``Preferences`` that keep them.
@MainActor
final class Variant {
  let pointer: OpaquePointer

  /// Takes `pointer` (floating, or a reference the caller hands over).
  init(_ pointer: OpaquePointer) {
    self.pointer = g_variant_ref_sink(pointer)
  }

  isolated deinit {
    g_variant_unref(pointer)
  }
}
