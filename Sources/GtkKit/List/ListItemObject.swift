import CGtk

/// The tiny GObject each visible position is represented by: it only holds
/// the element's identity. Made on demand by the model, so a million rows
/// never mean a million objects.
///
/// Threading: main thread only.
enum ListItemObject {
  nonisolated(unsafe) private static var parentClass: UnsafeMutableRawPointer?

  static let type: GType = GObjectSubclass.register(name: "GtkKitListItem") { klass, _ in
    ListItemObject.parentClass = g_type_class_peek_parent(klass)
    klass!.assumingMemoryBound(to: GObjectClass.self).pointee.finalize = { object in
      let slot = GObjectSubclass.slot(UnsafeMutableRawPointer(object!))
      if let raw = slot.pointee {
        let payload = Unmanaged<ListItemPayload>.fromOpaque(raw).takeRetainedValue()
        if let identity = payload.identity {
          payload.core?.itemFinalized(identity: identity, pointer: UnsafeMutableRawPointer(object!))
        }
        payload.census?.removed()
        slot.pointee = nil
      }
      GObjectSubclass.chainFinalize(object, parent: ListItemObject.parentClass)
    }
  }

  static func make(identity: AnyHashable, core: ListModelCore) -> UnsafeMutableRawPointer {
    let item = GObjectSubclass.new(type)
    let payload = ListItemPayload(identity: identity, core: core)
    payload.census?.added()
    GObjectSubclass.slot(item).pointee = Unmanaged.passRetained(payload).toOpaque()
    return item
  }

  /// The identity an item object was made for, or nil for foreign or
  /// detached objects.
  static func identity(of item: UnsafeMutableRawPointer) -> AnyHashable? {
    payload(of: item)?.identity
  }

  /// Cuts an item off its identity (see ``ListModelCore/detachLiveItems()``).
  static func detach(_ item: UnsafeMutableRawPointer) {
    payload(of: item)?.identity = nil
  }

  private static func payload(of item: UnsafeMutableRawPointer) -> ListItemPayload? {
    guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), type) != 0,
      let raw = GObjectSubclass.slot(item).pointee
    else { return nil }
    return Unmanaged<ListItemPayload>.fromOpaque(raw).takeUnretainedValue()
  }
}
