import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// Changing the photo of the person a page shows, on a server that takes
/// changes: "Change Photo…" asks for an image file (or one is dropped on
/// the page's avatar); the file is read and decoded off the main thread
/// (``PreparedImages/PhotoImage`` refuses it over its limits before
/// decoding) while the photo the server holds now is read — the photo
/// seen. ``PhotoCropDialog`` picks the square; Save encodes it off the main
/// thread at the server's side and size and sends it with the photo seen
/// as its condition. Applied, the dialog closes and ``onApplied`` has the
/// page and the rows fetch the photo again; a conflict or a refusal shows
/// in the dialog, and a conflict's photo becomes the one seen, so that a
/// second Save replaces it knowingly.
///
/// Threading: main-actor only; files and the server are read and written
/// off the main thread.
@MainActor
final class PersonPhotoEditor {
  let button: Widget
  /// The server the photo is changed on; nil: no Change Photo.
  private(set) var directory: (any PhotoEditableDirectory)?
  private(set) var username: String?
  /// A file is being read, or a photo sent.
  private(set) var isBusy = false
  /// The crop dialog, while it is open.
  private(set) var dialog: PhotoCropDialog?
  private var chooser: ObjectRef?
  /// Bumped when the page shows someone else: an older result is dropped.
  private var generation = 0
  /// Says `text` in a toast.
  var onToast: (@MainActor (String) -> Void)?
  /// The photo of `username` was changed.
  var onApplied: (@MainActor (_ username: String) -> Void)?

  init() {
    button = gtk_button_new_from_icon_name("camera-photo-symbolic")!
    gtk_widget_set_tooltip_text(button, tr("Change Photo…"))
    RowAccessibility.setLabel(button, tr("Change Photo…"))
    Signals.connect(gobject(button), .clicked) { [weak self] in self?.choose() }
  }

  /// Drops the widgets' references on the main thread.
  isolated deinit {}

  /// The page shows `username` on `directory` (nil: no Change Photo).
  func show(username: String?, on directory: (any EditableDirectory)?) {
    if username != self.username || directory == nil {
      generation += 1
      isBusy = false
      dialog?.close()
    }
    self.username = username
    self.directory = directory as? any PhotoEditableDirectory
  }

  /// Takes image files dropped on `widget` (the page's avatar).
  func acceptDrops(on widget: Widget) {
    let target = gtk_drop_target_new(g_file_get_type(), GDK_ACTION_COPY)!
    Signals.connect(gobject(target), .drop) { [weak self] value in
      guard let self, self.directory != nil, let object = g_value_get_object(value),
        let path = g_file_get_path(OpaquePointer(object))
      else { return false }
      defer { g_free(path) }
      self.open(path: String(cString: path))
      return true
    }
    gtk_widget_add_controller(widget, gtkObject(target))
  }

  /// Asks for an image file, then opens it.
  func choose() {
    guard directory != nil, !isBusy, chooser == nil, let root = gtk_widget_get_root(button)
    else { return }
    let native = gtk_file_chooser_native_new(
      tr("Change Photo"), cgtk_window(Widget(root)), GTK_FILE_CHOOSER_ACTION_OPEN,
      tr("_Open"), tr("_Cancel"))!
    let dialog = ObjectRef(native, adopt: true)
    chooser = dialog
    ObjectSlot.withAdopted(gtk_file_filter_new()!) { filter in
      gtk_file_filter_set_name(filter, tr("Images (PNG, JPEG, GIF)"))
      for type in ["image/png", "image/jpeg", "image/gif"] {
        gtk_file_filter_add_mime_type(filter, type)
      }
      gtk_file_chooser_add_filter(gtkObject(dialog.opaque), filter)
    }
    Signals.connect(dialog.pointer, .response) { [weak self] response in
      guard let self else { return }
      defer { self.chooser = nil }
      guard response == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(gtkObject(dialog.opaque))
      else { return }
      var path: String?
      ObjectSlot.withAdopted(file) { file in
        guard let chosen = g_file_get_path(file) else { return }
        path = String(cString: chosen)
        g_free(chosen)
      }
      if let path { self.open(path: path) }
    }
    gtk_native_dialog_show(cgtk_native_dialog(gobject(native)))
  }

  /// Reads and decodes `path` and the photo seen, off the main thread,
  /// then shows the crop dialog (or says why not in a toast).
  func open(path: String) {
    guard let directory, let username, !isBusy, dialog == nil else { return }
    isBusy = true
    generation += 1
    let generation = generation
    Task { @MainActor [weak self] in
      let image = await Task.detached(priority: .userInitiated) { PhotoImage.read(path: path) }
        .value
      var seen: Result<SeenPhoto?, DirectoryError> = .success(nil)
      if case .success = image {
        do throws(DirectoryError) {
          seen = .success(try await directory.photo(of: username))
        } catch {
          seen = .failure(error)
        }
      }
      guard let self, self.generation == generation else { return }
      self.isBusy = false
      switch (image, seen) {
      case (.failure(let failure), _):
        self.onToast?(failure.description)
      case (_, .failure(let error)):
        self.onToast?(String(filling: tr("Can't read the person's photo: %@"), error.sentence))
      case (_, .success(nil)):
        self.onToast?(
          String(
            filling: tr("No one in the directory has the username “%@”"),
            DisplayText.of(username)))
      case (.success(let image), .success(let seen?)):
        self.crop(image, seen: seen, on: directory, username: username)
      }
    }
  }

  private func crop(
    _ image: PhotoImage, seen: SeenPhoto, on directory: any PhotoEditableDirectory, username: String
  ) {
    guard let root = gtk_widget_get_root(button) else { return }
    let dialog = PhotoCropDialog(image: image, over: Widget(root))
    var seen = seen
    dialog.onClose = { [weak self, weak dialog] in
      guard let self, self.dialog === dialog else { return }
      self.dialog = nil
      self.isBusy = false
    }
    dialog.onSave = { [weak self, weak dialog] crop in
      guard let self, let dialog, !self.isBusy else { return }
      self.isBusy = true
      dialog.show(error: nil, busy: true)
      self.save(image, crop: crop, seen: seen, on: directory, username: username) {
        current in seen = current
      }
    }
    self.dialog = dialog
    dialog.present()
  }

  /// Encodes `crop` and sends it with `seen` as the condition; a conflict
  /// hands the photo the server holds now to `reseen`.
  private func save(
    _ image: PhotoImage, crop: PhotoCrop, seen: SeenPhoto, on directory: any PhotoEditableDirectory,
    username: String, reseen: @escaping @MainActor (SeenPhoto) -> Void
  ) {
    let generation = generation
    let format = directory.photoFormat
    Task { @MainActor [weak self] in
      let jpeg = await Task.detached(priority: .userInitiated) {
        image.jpeg(crop: crop, side: format.side, maxBytes: format.maxBytes)
      }.value
      var outcome: Result<SwitchOutcome, DirectoryError> = .success(.alreadySo)
      var current: SeenPhoto?
      if case .success(let bytes) = jpeg {
        do throws(DirectoryError) {
          outcome = .success(try await directory.changePhoto(of: username, seen: seen, to: bytes))
          if case .success(.changedMeanwhile) = outcome {
            current = try await directory.photo(of: username)
          }
        } catch {
          outcome = .failure(error)
        }
      }
      guard let self else { return }
      guard self.generation == generation, let dialog = self.dialog else {
        // The dialog closed meanwhile; the views still show what was saved.
        if case .success(.changed) = outcome { self.onApplied?(username) }
        return
      }
      self.isBusy = false
      if let current { reseen(current) }
      switch (jpeg, outcome) {
      case (.failure(let failure), _):
        dialog.show(error: failure.description, busy: false)
      case (_, .success(.changed(let logFailure))):
        var text = tr("Photo saved")
        if let logFailure {
          text = String(
            filling: tr("%@ (the change log could not be written: %@)"), text,
            DisplayText.of(logFailure))
        }
        dialog.close()
        self.onToast?(text)
        self.onApplied?(username)
      case (_, .success(.alreadySo)):
        dialog.close()
        self.onToast?(tr("The server already has this photo"))
      case (_, .success(.changedMeanwhile)):
        dialog.show(
          error: tr("Someone changed the photo since you chose yours; Save again to replace it."),
          busy: false)
      case (_, .success(.refused(let reason))):
        dialog.show(
          error: String(filling: tr("The server refused the change: %@"), DisplayText.of(reason)),
          busy: false)
      case (_, .success(.noSuchPerson)), (_, .success(.noSuchGroup)):
        dialog.show(
          error: String(
            filling: tr("No one in the directory has the username “%@”"),
            DisplayText.of(username)), busy: false)
      case (_, .failure(let error)):
        dialog.show(
          error: String(filling: tr("Can't save the change: %@"), error.sentence), busy: false)
      }
    }
  }
}
