import CGtk
import GtkKit
import PreparedImages
import SharedSupport

/// The square of a photo that becomes a person's photo: the image fitted
/// in a drawing area, dimmed outside the square, with the circle the rows
/// show drawn in it; the Zoom slider makes the square smaller (up to four
/// times), a drag moves it, and it never leaves the image. Save hands the
/// square to ``onSave``; Cancel or Escape closes. An error (the server's
/// refusal, a conflict) shows above the buttons, the square kept.
///
/// Threading: main-actor only.
@MainActor
final class PhotoCropDialog {
  let window: Widget
  let area: Widget
  let zoom: Widget
  let saveButton: Widget
  let cancelButton: Widget
  private let errorLabel: Widget
  let image: PhotoImage
  /// The image as cairo paints it, premultiplied ARGB.
  private let surface: OpaquePointer
  /// The square chosen, in the image's pixels.
  private(set) var crop: PhotoCrop
  /// The square's centre when a drag began.
  private var dragStart: (x: Double, y: Double)?
  /// Save was clicked, with the square.
  var onSave: (@MainActor (PhotoCrop) -> Void)?
  /// The dialog closed (Cancel, Escape, the close button or ``close()``).
  var onClose: (@MainActor () -> Void)?

  /// A dialog over `parent` cropping `image`, the largest middle square
  /// chosen.
  init(image: PhotoImage, over parent: Widget) {
    self.image = image
    crop = PhotoCrop.centred(width: image.width, height: image.height)
    surface = Self.surface(of: image)
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), tr("Change Photo"))
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_modal(cgtk_window(window), 1)
    gtk_window_set_default_size(cgtk_window(window), 420, -1)

    area = gtk_drawing_area_new()!
    gtk_drawing_area_set_content_width(cgtk_drawing_area(area), 360)
    gtk_drawing_area_set_content_height(cgtk_drawing_area(area), 360)
    gtk_widget_set_hexpand(area, 1)
    gtk_widget_set_vexpand(area, 1)
    RowAccessibility.setLabel(area, tr("The photo, with the square kept"))
    zoom = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 1, 4, 0.05)!
    gtk_scale_set_draw_value(UnsafeMutablePointer<GtkScale>(OpaquePointer(zoom)), 0)
    gtk_widget_set_hexpand(zoom, 1)
    RowAccessibility.setLabel(zoom, tr("Zoom"))
    errorLabel = Gtk.label(classes: ["error"])
    gtk_label_set_wrap(gtkObject(errorLabel), 1)
    gtk_label_set_xalign(gtkObject(errorLabel), 0)
    gtk_label_set_selectable(gtkObject(errorLabel), 1)
    Gtk.setVisible(errorLabel, false)
    cancelButton = gtk_button_new_with_mnemonic(tr("_Cancel"))!
    saveButton = gtk_button_new_with_mnemonic(tr("_Save"))!
    gtk_widget_add_css_class(saveButton, "suggested-action")

    let zoomRow = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    Gtk.append(zoomRow, Gtk.label(tr("Zoom"), classes: ["dim-label"]), zoom)
    let buttons = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    Gtk.append(buttons, cancelButton, saveButton)
    let content = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(content, 18) }
    Gtk.append(content, area, zoomRow, errorLabel, buttons)
    AdwChrome.setContent(of: window, header: AdwChrome.headerBar(), body: content)
    gtk_window_set_default_widget(cgtk_window(window), saveButton)
    connectSignals()
    // Closed with the window it is over: a modal window left behind would
    // hold the input of every other window.
    Signals.connect(gobject(parent), .destroy) { [weak self] in self?.close() }
  }

  isolated deinit {
    cairo_surface_destroy(surface)
  }

  /// The image copied once into a cairo surface.
  private static func surface(of image: PhotoImage) -> OpaquePointer {
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
    let texture = image.texture()
    cairo_surface_flush(surface)
    if let data = cairo_image_surface_get_data(surface) {
      gdk_texture_download(
        texture.opaque, data, gsize(cairo_image_surface_get_stride(surface)))
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  private func connectSignals() {
    DrawFunction.set(on: area) { [weak self] cairo, width, height in
      self?.draw(cairo, width: Double(width), height: Double(height))
    }
    Signals.connect(gobject(zoom), .valueChanged) { [weak self] in
      guard let self else { return }
      self.setZoom(self.zoomValue)
    }
    let drag = gtk_gesture_drag_new()!
    Signals.connect(gobject(drag), .dragBegin) { [weak self] _, _ in self?.beginDrag() }
    Signals.connect(gobject(drag), .dragUpdate) { [weak self] dx, dy in
      self?.dragged(dx: dx, dy: dy)
    }
    Signals.connect(gobject(drag), .dragEnd) { [weak self] _, _ in self?.dragStart = nil }
    gtk_widget_add_controller(area, gtkObject(drag))
    Signals.connect(gobject(saveButton), .clicked) { [weak self] in
      guard let self else { return }
      self.onSave?(self.crop)
    }
    Signals.connect(gobject(cancelButton), .clicked) { [weak self] in self?.close() }
    // Closed by its own close button: its widgets go too.
    Signals.connect(gobject(window), .closeRequest) { [weak self] in
      self?.isClosed = true
      self?.onClose?()
      self?.onClose = nil
      return false
    }
    let keys = gtk_event_controller_key_new()!
    Signals.connect(gobject(keys), .keyPressed) { [weak self] keyval, _, _ in
      guard keyval == UInt32(GDK_KEY_Escape) else { return false }
      self?.close()
      return true
    }
    gtk_widget_add_controller(window, keys)
  }

  /// The Zoom slider's value (1 to 4).
  var zoomValue: Double {
    get { gtk_range_get_value(UnsafeMutablePointer<GtkRange>(OpaquePointer(zoom))) }
    set { gtk_range_set_value(UnsafeMutablePointer<GtkRange>(OpaquePointer(zoom)), newValue) }
  }

  /// Shows the dialog.
  func present() { gtk_window_present(cgtk_window(window)) }

  /// Closes the dialog.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    onClose?()
    onClose = nil
    gtk_window_destroy(cgtk_window(window))
  }

  /// Whether the dialog was closed (its widgets are gone).
  private(set) var isClosed = false

  /// The square `zoom` times smaller than the largest, about its centre.
  func setZoom(_ zoom: Double) {
    let centre = crop.centre
    crop = PhotoCrop.zoomed(
      zoom, centreX: centre.x, centreY: centre.y, width: image.width, height: image.height)
    gtk_widget_queue_draw(area)
  }

  /// A drag begins: it moves the square from where it is.
  func beginDrag() {
    dragStart = crop.centre
  }

  /// How many points of the area a pixel of the image takes.
  var scale: Double {
    fit(width: Double(gtk_widget_get_width(area)), height: Double(gtk_widget_get_height(area)))
      .scale
  }

  /// The square moved by (`dx`, `dy`) points of the area since the drag
  /// began.
  func dragged(dx: Double, dy: Double) {
    let scale = scale
    guard let start = dragStart, scale > 0 else { return }
    crop = PhotoCrop.zoomed(
      zoomValue, centreX: start.x + dx / scale,
      centreY: start.y + dy / scale, width: image.width, height: image.height)
    gtk_widget_queue_draw(area)
  }

  /// Shows `text` above the buttons (nil: none), and makes Save clickable
  /// again (`busy` false) or not.
  func show(error text: String?, busy: Bool) {
    Gtk.setText(errorLabel, text ?? "")
    Gtk.setVisible(errorLabel, text != nil)
    gtk_widget_set_sensitive(saveButton, busy ? 0 : 1)
    gtk_widget_set_sensitive(zoom, busy ? 0 : 1)
  }

  /// The error shown ("" when none).
  var errorText: String {
    gtk_widget_get_visible(errorLabel) == 0
      ? "" : String(cString: gtk_label_get_text(gtkObject(errorLabel)))
  }

  /// How the image fits a `width`×`height` area: its scale and top-left
  /// corner.
  private func fit(width: Double, height: Double) -> (scale: Double, x: Double, y: Double) {
    let scale = min(width / Double(image.width), height / Double(image.height))
    return (
      scale, (width - Double(image.width) * scale) / 2, (height - Double(image.height) * scale) / 2
    )
  }

  private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
    let (scale, x, y) = fit(width: width, height: height)
    guard scale > 0 else { return }
    cairo_save(cairo)
    cairo_translate(cairo, x, y)
    cairo_scale(cairo, scale, scale)
    cairo_set_source_surface(cairo, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
    cairo_paint(cairo)
    cairo_restore(cairo)
    // Dim all but the square; outline it and the circle the rows show.
    let square = (x: x + crop.x * scale, y: y + crop.y * scale, side: crop.side * scale)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_rectangle(cairo, x, y, Double(image.width) * scale, Double(image.height) * scale)
    cairo_rectangle(cairo, square.x, square.y, square.side, square.side)
    cairo_set_source_rgba(cairo, 0, 0, 0, 0.55)
    cairo_fill(cairo)
    cairo_set_line_width(cairo, 2)
    cairo_set_source_rgba(cairo, 1, 1, 1, 0.9)
    cairo_rectangle(cairo, square.x + 1, square.y + 1, square.side - 2, square.side - 2)
    cairo_stroke(cairo)
    cairo_set_line_width(cairo, 1)
    cairo_set_source_rgba(cairo, 1, 1, 1, 0.6)
    cairo_arc(
      cairo, square.x + square.side / 2, square.y + square.side / 2, square.side / 2 - 1, 0,
      2 * Double.pi)
    cairo_stroke(cairo)
  }
}
