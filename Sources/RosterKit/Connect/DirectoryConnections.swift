import Directory
import FoundationEssentials
import PreparedImages
import SharedSupport

/// The remembered directories and the one shown: connects (remembering the
/// directory in settings.json and its secret in the keyring), switches with
/// one click, forgets. The window is replaced by its owner on every switch
/// (``onOpen``), since a window is built for one directory.
///
/// Secrets never leave memory except into the keyring; when no keyring
/// runs, a secret typed in the dialog is kept for this session only.
///
/// Threading: main-actor only; the keyring and the connection test run off
/// the main thread.
@MainActor
public final class DirectoryConnections {
  /// Where the remembered directories are kept (settings.json).
  let settingsFile: URL
  let keyring = SecretStore()
  /// Secrets the user chose to use without a keyring, until the app quits.
  private var sessionSecrets: [String: Secret] = [:]
  /// The remembered directories, newest first.
  public private(set) var remembered: [RememberedDirectory]
  /// The id of the directory shown, if it is a remembered one.
  public private(set) var currentID: String?
  /// Shows `opened` (the owner replaces its window); `directory` is nil for
  /// a `--source` or the embedded directory.
  public var onOpen: (@MainActor (OpenedDirectory, RememberedDirectory?) -> Void)?
  /// Called when a remembered directory cannot be opened without the user
  /// (no secret in the keyring, or no keyring): the Connect dialog asks.
  public var onNeedsSecret: (@MainActor (RememberedDirectory, String) -> Void)?
  /// Called whenever ``remembered`` or ``currentID`` changes (menus follow).
  public var onChange: (@MainActor () -> Void)?
  /// Where offline copies of directory servers are kept (Forget deletes
  /// the directory's); nil keeps none.
  package var copiesRoot = ImagePipelineConfiguration.defaultDiskCacheDirectory()

  /// The directories remembered in `settingsFile`.
  public init(settingsFile: URL = WindowSettings.defaultFile) {
    self.settingsFile = settingsFile
    let settings = WindowSettings.load(from: settingsFile)
    remembered = settings.directories
    currentID = settings.lastDirectory
  }

  /// The directory shown last, which opens at start without `--source`.
  public var last: RememberedDirectory? { remembered.first { $0.id == currentID } }

  /// Opens the remembered directory `id`, its secret read from the keyring
  /// (or this session's) off the main thread.
  public func open(_ id: String) {
    guard let directory = remembered.first(where: { $0.id == id }) else { return }
    guard directory.keepsSecret, sessionSecrets[id] == nil else {
      show(directory, secret: sessionSecrets[id])
      return
    }
    Task { @MainActor in
      do throws(SecretStore.Unavailable) {
        let secret = try await keyring.lookup(id)
        // A client key may need no passphrase: without one it opens as it
        // is, and an encrypted key says so.
        guard secret != nil || !directory.needsSecret else {
          onNeedsSecret?(
            directory, tr("The keyring holds no secret for this directory: enter it"))
          return
        }
        show(directory, secret: secret)
      } catch {
        guard directory.needsSecret else { return show(directory, secret: nil) }
        onNeedsSecret?(
          directory,
          String(filling: tr("%@. Enter the secret to use it for this session only."), "\(error)"))
      }
    }
  }

  /// Opens `directory` with `secret` and remembers it as the one shown;
  /// `opened` is the directory already opened for it (the Connect dialog's,
  /// a users.json already read), else it is opened here. An LDAP server
  /// not asked yet what it is (``RememberedDirectory/asksTheServer``) is
  /// asked first, off the main thread, and what it says is remembered; a
  /// server that cannot answer now is opened as remembered, so its window
  /// says why (and shows its offline copy or first screen).
  func show(
    _ directory: RememberedDirectory, secret: Secret?, opened givenOpened: OpenedDirectory? = nil
  ) {
    if let givenOpened { return show(directory, givenOpened) }
    guard directory.asksTheServer else { return open(directory, secret: secret) }
    Task { @MainActor in
      do throws(DirectoryError) {
        let (opened, found) = try await OpenedDirectory.discovered(directory, secret: secret)
        if let index = remembered.firstIndex(where: { $0.id == found.id }) {
          remembered[index] = found
        }
        show(found, opened)
      } catch {
        open(directory, secret: secret)
      }
    }
  }

  /// Opens `directory` as it is remembered and shows it; a directory that
  /// cannot be opened (no secret, a URL of no server) asks for its fields.
  private func open(_ directory: RememberedDirectory, secret: Secret?) {
    do throws(DirectoryError) {
      show(directory, try OpenedDirectory(directory, secret: secret))
    } catch {
      onNeedsSecret?(directory, error.sentence)
    }
  }

  private func show(_ directory: RememberedDirectory, _ opened: OpenedDirectory) {
    currentID = directory.id
    save()
    onOpen?(opened, directory)
    onChange?()
  }

  /// Remembers `directory` (replacing an entry of the same id) and stores
  /// `secret` in the keyring. Throws when no keyring could take the secret;
  /// the directory is remembered all the same (without its secret).
  func remember(_ directory: RememberedDirectory, secret: Secret?) async throws(SecretStore
    .Unavailable)
  {
    remembered.removeAll { $0.id == directory.id }
    remembered.insert(directory, at: 0)
    save()
    onChange?()
    guard let secret, directory.keepsSecret else { return }
    try await keyring.store(secret, for: directory.id, label: "Roster: \(directory.title)")
  }

  /// Keeps `secret` for `id` until the app quits (no keyring to hold it).
  func useForSession(_ secret: Secret, for id: String) { sessionSecrets[id] = secret }

  /// Forgets the directory `id`: out of settings.json at once, out of the
  /// keyring when the returned task ends.
  @discardableResult
  public func forget(_ id: String) -> Task<Void, Never> {
    let forgotten = remembered.first { $0.id == id }
    let copy = forgotten.flatMap(offlineCopyFolder(of:))
    let screen = forgotten.flatMap(firstScreenFile(of:))
    remembered.removeAll { $0.id == id }
    sessionSecrets[id] = nil
    if currentID == id { currentID = nil }
    save()
    onChange?()
    let keyring = keyring
    return Task {
      try? await keyring.forget(id)
      await Task.detached {
        if let copy { try? ReplicaStore.forget(folder: copy) }
        screen?.forget()
      }.value
    }
  }

  /// The file of `directory`'s cached first screen, if it is a server.
  private func firstScreenFile(of directory: RememberedDirectory) -> FirstScreenFile? {
    guard directory.kind.isServer,
      case .server(let server)? = try? OpenedDirectory(directory, secret: nil)
    else { return nil }
    return FirstScreenFile(for: server, cacheRoot: copiesRoot)
  }

  /// The folder of `directory`'s offline copy, if it is a server that may
  /// have one.
  private func offlineCopyFolder(of directory: RememberedDirectory) -> URL? {
    guard directory.kind.isServer,
      case .server(let server)? = try? OpenedDirectory(directory, secret: nil),
      server is any CopyableDirectory
    else { return nil }
    return OfflineCopyFolder.folder(for: server, cacheRoot: copiesRoot)
  }

  /// Writes the list and the last shown into settings.json, keeping every
  /// other setting as the file has it.
  private func save() {
    var settings = WindowSettings.load(from: settingsFile)
    settings.directories = remembered
    settings.lastDirectory = currentID
    try? settings.save(to: settingsFile)
  }
}
