import CGtk

/// What a GtkWidget subclass written in Swift measures and draws.
///
/// The widget calls these from its `measure`, `snapshot`, `css_changed` and
/// `system_setting_changed` vfuncs (the last two after chaining up, so the
/// widget's Pango context already carries the new style).
///
/// Threading: main-actor only (GTK calls vfuncs on the main thread).
@MainActor
public protocol CustomWidgetContent: AnyObject {
  /// The minimum and natural size along `orientation`, given `forSize`
  /// along the other one (-1: unknown), without CSS margin, border or padding.
  func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)

  /// Draws the content box (`width` x `height`, origin top left) into `snapshot`.
  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32)

  /// The widget's CSS style changed (state, theme, font, ...).
  func styleChanged()

  /// A system setting changed (font name, DPI, font rendering).
  func systemSettingChanged()
}

/// Registers GtkWidget subclasses whose `measure` and `snapshot` are Swift
/// code: one widget can stand for a whole tree of boxes, labels and pictures.
///
/// Each instance carries one pointer slot after the GtkWidget header holding a
/// retained ``CustomWidgetHandle``; the handle refers to its content weakly,
/// so the Swift owner of a widget may go first and the widget then draws
/// nothing. The CSS name and accessible role are the class's (set in its
/// class_init, from the class data).
///
/// Threading: types are registered once (callers keep the GType in a static
/// let); widgets are made and used on the main thread only.
public enum CustomWidget {
  /// The class data a registered type's class_init reads.
  private final class ClassData {
    let cssName: String
    let role: GtkAccessibleRole
    init(cssName: String, role: GtkAccessibleRole) {
      self.cssName = cssName
      self.role = role
    }
  }

  /// GtkWidget's class, which every registered type chains up to.
  nonisolated(unsafe) private static var parentClass: UnsafeMutablePointer<GtkWidgetClass>?

  private static let headerSize = MemoryLayout<GtkWidget>.stride

  /// Registers a direct GtkWidget subclass named `name`, whose CSS node is
  /// `cssName` and whose accessible role is `role`.
  public static func register(name: String, cssName: String, role: GtkAccessibleRole) -> GType {
    // Leaked on purpose: a static type's class data lives as long as the type.
    let data = Unmanaged.passRetained(ClassData(cssName: cssName, role: role)).toOpaque()
    return GObjectSubclass.register(
      name: name, parent: gtk_widget_get_type(),
      classSize: MemoryLayout<GtkWidgetClass>.stride,
      instanceSize: headerSize + MemoryLayout<UnsafeMutableRawPointer?>.stride,
      classInit: { klass, data in
        CustomWidget.initialize(klass!.assumingMemoryBound(to: GtkWidgetClass.self), data!)
      }, classData: UnsafeRawPointer(data))
  }

  /// A new widget of `type` (from ``register(name:cssName:role:)``) that
  /// `content` measures and draws. The widget starts floating.
  @MainActor
  public static func make(_ type: GType, content: some CustomWidgetContent) -> Widget {
    let widget = GObjectSubclass.new(type)
    let handle = CustomWidgetHandle(content: content)
    slot(widget).pointee = Unmanaged.passRetained(handle).toOpaque()
    return widget.assumingMemoryBound(to: GtkWidget.self)
  }

  private static func slot(_ instance: UnsafeMutableRawPointer) -> UnsafeMutablePointer<
    UnsafeMutableRawPointer?
  > {
    instance.advanced(by: headerSize).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  /// Runs `body` on the content of a widget made by ``make(_:content:)``
  /// (nil if it is gone), from a vfunc: GTK calls them on the main thread.
  @discardableResult
  private static func withContent<Result: Sendable>(
    _ widget: Widget?,
    _ body: @escaping @MainActor (any CustomWidgetContent) -> Result
  ) -> Result? {
    guard let widget, let raw = slot(UnsafeMutableRawPointer(widget)).pointee else { return nil }
    let handle = UncheckedSendable(Unmanaged<CustomWidgetHandle>.fromOpaque(raw))
    let body = UncheckedSendable(body)
    return MainActor.assumeIsolated {
      guard let content = handle.value.takeUnretainedValue().content else { return nil }
      return body.value(content)
    }
  }

  private static func initialize(
    _ klass: UnsafeMutablePointer<GtkWidgetClass>, _ data: UnsafeMutableRawPointer
  ) {
    let classData = Unmanaged<ClassData>.fromOpaque(data).takeUnretainedValue()
    parentClass = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GtkWidgetClass.self)
    gtk_widget_class_set_css_name(klass, classData.cssName)
    gtk_widget_class_set_accessible_role(klass, classData.role)
    klass.pointee.measure = { widget, orientation, forSize, minimum, natural, _, _ in
      // Baselines keep GTK's "none" (-1), which gtk_widget_measure preset.
      let size = CustomWidget.withContent(widget) { $0.measure(orientation, forSize: forSize) }
      minimum?.pointee = size?.minimum ?? 0
      natural?.pointee = size?.natural ?? 0
    }
    klass.pointee.snapshot = { widget, snapshot in
      guard let snapshot else { return }
      let width = gtk_widget_get_width(widget)
      let height = gtk_widget_get_height(widget)
      let target = UncheckedSendable(snapshot)
      CustomWidget.withContent(widget) {
        $0.snapshot(target.value, width: width, height: height)
      }
    }
    klass.pointee.css_changed = { widget, change in
      CustomWidget.parentClass?.pointee.css_changed?(widget, change)
      CustomWidget.withContent(widget) { $0.styleChanged() }
    }
    klass.pointee.system_setting_changed = { widget, setting in
      CustomWidget.parentClass?.pointee.system_setting_changed?(widget, setting)
      CustomWidget.withContent(widget) { $0.systemSettingChanged() }
    }
    // A GtkWidgetClass starts with its GObjectClass.
    UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GObjectClass.self).pointee.finalize = {
      object in
      let slot = CustomWidget.slot(UnsafeMutableRawPointer(object!))
      if let raw = slot.pointee {
        Unmanaged<CustomWidgetHandle>.fromOpaque(raw).release()
        slot.pointee = nil
      }
      GObjectSubclass.chainFinalize(
        object, parent: CustomWidget.parentClass.map { UnsafeMutableRawPointer($0) })
    }
  }
}

/// The Swift side of one custom widget: a weak link to what it draws, so
/// the widget never keeps its owner alive.
///
/// Threading: main-actor only; released by the widget's finalize (main thread).
final class CustomWidgetHandle {
  weak var content: (any CustomWidgetContent)?

  init(content: any CustomWidgetContent) {
    self.content = content
  }
}
