import CGtk

/// The registered GObject type implementing `GListModel` and
/// `GtkSelectionModel` over a ``RangeSelectionCore``.
///
/// Its instance slot holds a retained core, released in finalize; the
/// model's items are the inner model's, its selection the core's ranges.
///
/// Threading: main thread only (GTK calls the vtables there).
enum RangeSelectionObject {
  nonisolated(unsafe) private static var parentClass: UnsafeMutableRawPointer?

  static let type: GType = {
    let type = GObjectSubclass.register(name: "GtkKitRangeSelection") { klass, _ in
      RangeSelectionObject.parentClass = g_type_class_peek_parent(klass)
      klass!.assumingMemoryBound(to: GObjectClass.self).pointee.finalize = { object in
        let slot = GObjectSubclass.slot(UnsafeMutableRawPointer(object!))
        if let raw = slot.pointee {
          let core = Unmanaged<RangeSelectionCore>.fromOpaque(raw).takeRetainedValue()
          MainActor.assumeIsolated { core.detach() }
          slot.pointee = nil
        }
        GObjectSubclass.chainFinalize(object, parent: RangeSelectionObject.parentClass)
      }
    }
    var list = GInterfaceInfo(
      interface_init: { iface, _ in
        let vtable = iface!.assumingMemoryBound(to: GListModelInterface.self)
        vtable.pointee.get_item_type = { list in
          g_list_model_get_item_type(core(list).inner)
        }
        vtable.pointee.get_n_items = { list in g_list_model_get_n_items(core(list).inner) }
        vtable.pointee.get_item = { list, position in
          g_list_model_get_item(core(list).inner, position)
        }
      },
      interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, g_list_model_get_type(), &list)
    var selection = GInterfaceInfo(
      interface_init: { iface, _ in
        let vtable = iface!.assumingMemoryBound(to: GtkSelectionModelInterface.self)
        vtable.pointee.is_selected = { model, position in
          core(model).ranges.contains(Int(position)) ? 1 : 0
        }
        vtable.pointee.get_selection_in_range = { model, position, count in
          core(model).bitset(in: Int(position)..<(Int(position) + Int(count)))
        }
        vtable.pointee.select_item = { model, position, unselectRest in
          update(model) { $0.select(Int(position)..<(Int(position) + 1), only: unselectRest != 0) }
        }
        vtable.pointee.unselect_item = { model, position in
          update(model) { $0.unselect(Int(position)..<(Int(position) + 1)) }
        }
        vtable.pointee.select_range = { model, position, count, unselectRest in
          update(model) {
            $0.select(Int(position)..<(Int(position) + Int(count)), only: unselectRest != 0)
          }
        }
        vtable.pointee.unselect_range = { model, position, count in
          update(model) { $0.unselect(Int(position)..<(Int(position) + Int(count))) }
        }
        vtable.pointee.select_all = { model in update(model) { $0.selectAll() } }
        vtable.pointee.unselect_all = { model in update(model) { $0.unselectAll() } }
        vtable.pointee.set_selection = { model, selected, mask in
          let selected = RangeSelectionObject.ranges(of: selected)
          let mask = RangeSelectionObject.ranges(of: mask)
          return update(model) { $0.set(selected: selected, mask: mask) }
        }
      },
      interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, gtk_selection_model_get_type(), &selection)
    return type
  }()

  static func make(core: RangeSelectionCore) -> UnsafeMutableRawPointer {
    let object = GObjectSubclass.new(type)
    GObjectSubclass.slot(object).pointee = Unmanaged.passRetained(core).toOpaque()
    return object
  }

  static func core(_ object: OpaquePointer?) -> RangeSelectionCore {
    Unmanaged<RangeSelectionCore>.fromOpaque(
      GObjectSubclass.slot(UnsafeMutableRawPointer(object!)).pointee!
    ).takeUnretainedValue()
  }

  /// Runs a change on the main actor; GTK's vfuncs return whether it was done.
  private static func update(
    _ model: OpaquePointer?, _ change: @MainActor (RangeSelectionCore) -> Void
  ) -> gboolean {
    let core = core(model)
    MainActor.assumeIsolated { change(core) }
    return 1
  }

  /// The positions of a `GtkBitset`, read a run at a time where it is one
  /// run (GTK's range selections), else a position at a time.
  static func ranges(of bitset: OpaquePointer?) -> SelectionRanges {
    guard let bitset, gtk_bitset_is_empty(bitset) == 0 else { return SelectionRanges() }
    let low = Int(gtk_bitset_get_minimum(bitset))
    let high = Int(gtk_bitset_get_maximum(bitset))
    if Int(gtk_bitset_get_size(bitset)) == high - low + 1 {
      return SelectionRanges(low..<(high + 1))
    }
    var result = SelectionRanges()
    var iterator = GtkBitsetIter()
    var value: guint = 0
    var runStart = -1
    var runEnd = -1
    var more = gtk_bitset_iter_init_first(&iterator, bitset, &value) != 0
    while more {
      let position = Int(value)
      if position == runEnd {
        runEnd += 1
      } else {
        if runStart >= 0 { result.insert(runStart..<runEnd) }
        runStart = position
        runEnd = position + 1
      }
      more = gtk_bitset_iter_next(&iterator, &value) != 0
    }
    if runStart >= 0 { result.insert(runStart..<runEnd) }
    return result
  }
}
