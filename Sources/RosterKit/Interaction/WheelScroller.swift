import CGtk
import FoundationEssentials
import GtkKit

/// Mouse-wheel scrolling applied by Roster rather than by GtkScrolledWindow.
///
/// GTK 4.8's list re-anchors itself on every change of its scroll value
/// from the rows as last laid out; several changes between two layouts (a
/// free-spinning wheel sends a click every few ms) throw it far off, to its
/// end, where the same clicks slowly moved it a few hundred rows. A
/// capture-phase scroll controller takes the wheel's clicks first, stops them
/// so GTK does not scroll too, and adds up their steps — GTK's own,
/// pow(page, 2/3) per click — to apply them once per frame in a tick
/// callback, from where the view really is, through ``AnchoredScroll``: one
/// change per layout, as a drag makes (GTK merges motion events per frame).
///
/// Only wheels: discrete clicks, and a mouse's high-resolution wheel (smooth
/// deltas counted in clicks). Touchpads and other smooth sources propagate
/// untouched, so their deltas and GTK's kinetic scrolling stay GTK's.
///
/// Threading: main-actor only.
@MainActor
final class WheelScroller {
  private let scroll: AnchoredScroll
  private let controller: OpaquePointer
  /// Points the clicks since the last frame ask for.
  private var pending = 0.0
  private var tick: guint = 0

  /// Takes the wheel over `view` (a list or grid) inside `scroller`.
  init(view: Widget, scroller: Widget) {
    scroll = AnchoredScroll(view: view)
    controller = gtkObject(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!)
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    Signals.connect(gobject(controller), .scroll) { [weak self] _, dy in
      self?.scrolled(dy) ?? false
    }
    gtk_widget_add_controller(scroller, controller)
  }

  /// The distance one wheel click moves a view showing `pageSize` points,
  /// as GtkScrolledWindow computes it.
  static func step(pageSize: Double) -> Double { pow(pageSize, 2.0 / 3.0) }

  private func scrolled(_ clicks: Double) -> Bool {
    guard clicks != 0, let event = gtk_event_controller_get_current_event(controller),
      Self.isWheel(event)
    else { return false }
    pending += clicks * Self.step(pageSize: scroll.pageSize)
    if tick == 0 {
      tick = TickCallback.add(to: scroll.view) { [weak self] _ in
        self?.applyPending()
        return false
      }
    }
    return true
  }

  /// Once per frame, before layout: moves by what the clicks asked for.
  private func applyPending() {
    tick = 0
    scroll.set(scroll.value + pending)
    pending = 0
  }

  private static func isWheel(_ event: OpaquePointer) -> Bool {
    if gdk_scroll_event_get_direction(event) != GDK_SCROLL_SMOOTH { return true }
    let source = gdk_event_get_device(event).map { gdk_device_get_source($0) }
    return source == GDK_SOURCE_MOUSE && gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL
  }
}
