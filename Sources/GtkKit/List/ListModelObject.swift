import CGtk

/// The registered GObject type implementing GListModel over a Swift store.
///
/// Its instance slot holds a retained ``ListModelCore``, released in
/// finalize; the GListModel vtable reads count and items from it.
///
/// Threading: main thread only.
enum ListModelObject {
  nonisolated(unsafe) private static var parentClass: UnsafeMutableRawPointer?

  static let type: GType = {
    let type = GObjectSubclass.register(name: "GtkKitListModel") { klass, _ in
      ListModelObject.parentClass = g_type_class_peek_parent(klass)
      klass!.assumingMemoryBound(to: GObjectClass.self).pointee.finalize = { object in
        let slot = GObjectSubclass.slot(UnsafeMutableRawPointer(object!))
        if let raw = slot.pointee {
          Unmanaged<ListModelCore>.fromOpaque(raw).release()
          slot.pointee = nil
        }
        GObjectSubclass.chainFinalize(object, parent: ListModelObject.parentClass)
      }
    }
    var interface = GInterfaceInfo(
      interface_init: { iface, _ in
        let vtable = iface!.assumingMemoryBound(to: GListModelInterface.self)
        vtable.pointee.get_item_type = { _ in ListItemObject.type }
        vtable.pointee.get_n_items = { list in
          guint(ListModelObject.core(of: UnsafeMutableRawPointer(list!)).count)
        }
        vtable.pointee.get_item = { list, position in
          ListModelObject.core(of: UnsafeMutableRawPointer(list!)).item(at: Int(position))
        }
      },
      interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, g_list_model_get_type(), &interface)
    return type
  }()

  static func make(core: ListModelCore) -> UnsafeMutableRawPointer {
    let object = GObjectSubclass.new(type)
    GObjectSubclass.slot(object).pointee = Unmanaged.passRetained(core).toOpaque()
    return object
  }

  static func core(of object: UnsafeMutableRawPointer) -> ListModelCore {
    Unmanaged<ListModelCore>.fromOpaque(GObjectSubclass.slot(object).pointee!).takeUnretainedValue()
  }
}
