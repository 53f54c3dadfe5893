import CGtk

/// A container of one child that it draws as a single texture: when the
/// child changes, the bin renders the child's drawing into a texture with the
/// window's renderer, and every frame after that draws the texture alone.
///
/// Why: GTK repaints the whole window in every frame when the GL driver
/// cannot say how old its back buffer is (Mesa's software rasterizer under X
/// reports an age of 0), so chrome that never changes during a scroll (a
/// header bar: its background, edge, buttons, icons and titles) is drawn
/// again, node by node, in each frame of the scroll. Flattened, it is one
/// textured rectangle. Windows drawn by cairo repaint only what changed and
/// never redraw the chrome while a list scrolls, so under any renderer but
/// GL the bin draws its child as any container does.
///
/// The child keeps its widgets: input, focus, tooltips and accessibility are
/// the child's own; only its drawing is flattened. A change inside it (hover,
/// a new subtitle, the style) invalidates the bin's drawing through GTK's own
/// propagation, and the next frame renders the texture again. The texture
/// has the window's scale factor in pixels, so HiDPI text stays crisp. A child
/// that animates (a spinner while a directory loads) is rendered again in each
/// of its frames: one offscreen render where GTK would have drawn it anyway.
///
/// Threading: main thread only (GTK calls vfuncs there).
public enum FlattenedBin {
  /// The registered type: a GtkWidget with a bin layout.
  private static let type: GType = GObjectSubclass.register(
    name: "GtkKitFlattenedBin", parent: gtk_widget_get_type(),
    classSize: MemoryLayout<GtkWidgetClass>.stride,
    instanceSize: MemoryLayout<GtkWidget>.stride,
    classInit: { klass, _ in
      FlattenedBin.initialize(klass!.assumingMemoryBound(to: GtkWidgetClass.self))
    })

  nonisolated(unsafe) private static var parentClass: UnsafeMutablePointer<GtkWidgetClass>?

  /// Where a bin keeps the ``TextureRenderCount`` it was given (retained).
  private static let rendersKey = "gtkkit-flattened-bin-renders"

  /// A new floating bin holding `child`, counting its renders into a
  /// texture in `renders` when given.
  @MainActor
  public static func wrapping(
    _ child: Widget, renders: TextureRenderCount? = nil
  ) -> Widget {
    let bin = GObjectSubclass.new(type).assumingMemoryBound(to: GtkWidget.self)
    gtk_widget_set_parent(child, bin)
    if let renders {
      g_object_set_data_full(
        UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GObject.self), rendersKey,
        Unmanaged.passRetained(renders).toOpaque()
      ) { Unmanaged<TextureRenderCount>.fromOpaque($0!).release() }
    }
    return bin
  }

  /// The count `widget` was made with, if any.
  @MainActor
  private static func renders(of widget: Widget) -> TextureRenderCount? {
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    return g_object_get_data(object, rendersKey).map {
      Unmanaged<TextureRenderCount>.fromOpaque($0).takeUnretainedValue()
    }
  }

  private static func initialize(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
    parentClass = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GtkWidgetClass.self)
    gtk_widget_class_set_css_name(klass, "flattenedbin")
    // A nameless container: its child says what it is.
    gtk_widget_class_set_accessible_role(klass, GTK_ACCESSIBLE_ROLE_GENERIC)
    gtk_widget_class_set_layout_manager_type(klass, gtk_bin_layout_get_type())
    klass.pointee.snapshot = { widget, snapshot in
      guard let widget, let snapshot else { return }
      let target = UncheckedSendable((widget, snapshot))
      MainActor.assumeIsolated { FlattenedBin.draw(target.value.0, into: target.value.1) }
    }
    // A texture belongs to the renderer that made it: a bin that is realized again (in a new
    // renderer) draws its child afresh.
    klass.pointee.unrealize = { widget in
      FlattenedBin.parentClass?.pointee.unrealize?(widget)
      gtk_widget_queue_draw(widget)
    }
    // A GtkWidgetClass starts with its GObjectClass.
    UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GObjectClass.self).pointee.dispose = {
      object in
      let widget = UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GtkWidget.self)
      while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
      let parentObject = FlattenedBin.parentClass.map {
        UnsafeMutableRawPointer($0).assumingMemoryBound(to: GObjectClass.self)
      }
      parentObject?.pointee.dispose?(object)
    }
  }

  @MainActor
  private static func draw(
    _ widget: Widget, into snapshot: OpaquePointer
  ) {
    guard let child = gtk_widget_get_first_child(widget) else { return }
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    guard width > 0, height > 0,
      let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native),
      isGL(renderer)
    else {
      gtk_widget_snapshot_child(widget, child, snapshot)
      return
    }
    let inner = gtk_snapshot_new()!
    gtk_widget_snapshot_child(widget, child, inner)
    guard let node = gtk_snapshot_free_to_node(inner) else { return }
    defer { gsk_render_node_unref(node) }
    let scale = Float(max(1, gtk_widget_get_scale_factor(widget)))
    var bounds = graphene_rect_t(
      origin: graphene_point_t(x: 0, y: 0),
      size: graphene_size_t(width: Float(width), height: Float(height)))
    var pixels = graphene_rect_t(
      origin: graphene_point_t(x: 0, y: 0),
      size: graphene_size_t(width: Float(width) * scale, height: Float(height) * scale))
    let scaled: OpaquePointer
    if scale == 1 {
      scaled = gsk_render_node_ref(node)
    } else {
      let transform = gsk_transform_scale(nil, scale, scale)
      scaled = gsk_transform_node_new(node, transform)
      gsk_transform_unref(transform)
    }
    defer { gsk_render_node_unref(scaled) }
    guard let texture = gsk_renderer_render_texture(renderer, scaled, &pixels) else {
      gtk_snapshot_append_node(snapshot, node)
      return
    }
    renders(of: widget)?.rendered()
    gtk_snapshot_append_texture(snapshot, texture, &bounds)
    g_object_unref(UnsafeMutableRawPointer(texture))
  }

  private static func isGL(_ renderer: OpaquePointer) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self),
      gsk_gl_renderer_get_type()) != 0
  }
}
