import CGtk

/// Registers minimal GObject subclasses whose instances carry one pointer
/// slot after the GObject header, used to hang a retained Swift object on them.
///
/// Threading: types are registered once, lazily and thread-safely (static let).
enum GObjectSubclass {
  static let instanceSize =
    MemoryLayout<GObject>.stride + MemoryLayout<UnsafeMutableRawPointer?>.stride

  static func register(
    name: String, classInit: GClassInitFunc
  ) -> GType {
    register(
      name: name, parent: g_object_get_type(), classSize: MemoryLayout<GObjectClass>.stride,
      instanceSize: instanceSize, classInit: classInit)
  }

  /// Registers a subclass of `parent` whose class and instance structs take
  /// `classSize` and `instanceSize` bytes; `classData` reaches `classInit`.
  static func register(
    name: String, parent: GType, classSize: Int, instanceSize: Int,
    classInit: GClassInitFunc, classData: UnsafeRawPointer? = nil
  ) -> GType {
    var info = GTypeInfo(
      class_size: guint16(classSize),
      base_init: nil, base_finalize: nil,
      class_init: classInit, class_finalize: nil, class_data: classData,
      instance_size: guint16(instanceSize), n_preallocs: 0,
      instance_init: nil, value_table: nil)
    return g_type_register_static(parent, name, &info, GTypeFlags(0))
  }

  /// The pointer slot of an instance of a registered subclass.
  static func slot(_ instance: UnsafeMutableRawPointer) -> UnsafeMutablePointer<
    UnsafeMutableRawPointer?
  > {
    instance.advanced(by: MemoryLayout<GObject>.stride)
      .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  /// Creates an instance with no properties (g_object_new is variadic).
  static func new(_ type: GType) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
  }

  /// Calls the parent class's finalize for `object`.
  static func chainFinalize(
    _ object: UnsafeMutablePointer<GObject>?, parent: UnsafeMutableRawPointer?
  ) {
    parent?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize?(object)
  }
}
