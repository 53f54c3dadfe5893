import ArgumentParser
import Directory
import PreparedImages
import RosterArguments
import RosterKit
import SharedSupport

/// `roster photo`: changes (or with `--remove` deletes) a person's photo
/// on a directory server, only if it still is the photo read first (or the
/// one `--if-photo` names), so no one else's change is lost. The file is
/// refused over its byte or pixel limits before a pixel is decoded
/// (``PreparedImages/PhotoImage``); its middle square becomes a JPEG of the
/// server's side that fits the server's limit.
struct PhotoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "photo",
    abstract: "Change a person's photo on a directory server, unless someone changed it first.",
    discussion: """
      FILE (PNG, JPEG or GIF, at most \(PhotoImage.maxBytes >> 20) MB and \
      \(PhotoImage.maxPixelSide) pixels a side) is cut to its middle square, scaled and \
      written as a JPEG to the attribute the directory's photos are read from: Active \
      Directory's thumbnailPhoto (96 pixels, at most 100 KB), elsewhere jpegPhoto (256 \
      pixels). --remove deletes the photo. The server applies the change only if the photo \
      still is the one read first (or the --if-photo file). Each change is appended to \
      $XDG_DATA_HOME/roster/changes.ldif (see roster edits). Exit status 3 when someone \
      changed the photo since (nothing is written), 1 when the file is refused or the server \
      refuses (the reason is printed).
      """)

  /// The most bytes of the photo `--if-photo` reads (1 MiB, the most
  /// Roster deletes by value).
  static let maxSeenBytes = 1 << 20

  @Option(name: .long, help: "The LDAP server (ldap://…, ldaps://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The photo's side in pixels (\(PhotoFormat.minSide)–\(PhotoFormat.maxSide)).",
      valueName: "PIXELS"))
  var size: Int?

  @Flag(name: .long, help: "Delete the person's photo.")
  var remove = false

  @Option(
    name: .customLong("if-photo"),
    help: ArgumentHelp(
      "The photo as you saw it, a file of its bytes (or none): the condition.",
      valueName: "FILE"))
  var seenFile: String?

  @Argument(help: "The person's username.")
  var username: String

  @Argument(help: "The image file.")
  var file: String?

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError("--source takes a directory server's URL (ldap://…, ldaps://…)")
    }
    guard remove == (file == nil) else {
      throw ValidationError(remove ? "--remove takes no FILE" : "give the image FILE or --remove")
    }
    if let size, !(PhotoFormat.minSide...PhotoFormat.maxSide).contains(size) {
      throw ValidationError(
        "--size takes \(PhotoFormat.minSide) to \(PhotoFormat.maxSide) pixels")
    }
  }

  func run() throws {
    var image: PhotoImage?
    if let file {
      switch PhotoImage.read(path: file) {
      case .success(let read): image = read
      case .failure(let failure):
        LocalDirectory.warn("\(file): \(failure)", command: "photo")
        throw ExitCode.failure
      }
    }
    var seenBytes: [[UInt8]]?
    if let seenFile {
      if seenFile == "none" {
        seenBytes = []
      } else {
        do throws(BoundedFileReader.Failure) {
          seenBytes = [
            try BoundedFileReader.read(path: seenFile, maxBytes: Self.maxSeenBytes)
          ]
        } catch {
          LocalDirectory.warn("\(seenFile): \(error)", command: "photo")
          throw ExitCode.failure
        }
      }
    }
    let ended = PhotoEnded()
    try ServerTask.run("photo", source: source, options: server.options) {
      [username, image, size, seenBytes] directory throws(DirectoryError) in
      guard let editable = directory as? any PhotoEditableDirectory else {
        return "Roster cannot change photos on \(directory.location)"
      }
      let format = editable.photoFormat
      var jpeg: [UInt8]?
      if let image {
        let crop = PhotoCrop.centred(width: image.width, height: image.height)
        switch image.jpeg(crop: crop, side: size ?? format.side, maxBytes: format.maxBytes) {
        case .success(let bytes): jpeg = bytes
        case .failure(let failure): return "\(failure)"
        }
      }
      guard var seen = try await editable.photo(of: username) else {
        return "no one in the directory has the username “\(username)”"
      }
      if let seenBytes {
        guard seen.values == seenBytes else {
          ended.changedMeanwhile = true
          return nil
        }
        seen.values = seenBytes
      }
      switch try await editable.changePhoto(of: username, seen: seen, to: jpeg) {
      case .changed(let logFailure):
        if let logFailure {
          LocalDirectory.warn(
            "the change was made, but not written to the change log: \(logFailure)",
            command: "photo")
        }
      case .alreadySo:
        LocalDirectory.warn(
          jpeg == nil ? "\(username) has no photo" : "\(username) already has that photo",
          command: "photo")
      case .changedMeanwhile:
        ended.changedMeanwhile = true
      case .refused(let reason):
        return "the directory server refused the change: \(reason)"
      case .noSuchPerson, .noSuchGroup:
        return "no one in the directory has the username “\(username)”"
      }
      return nil
    }
    guard ended.changedMeanwhile else { return }
    LocalDirectory.warn(
      "someone changed the photo of \(username) since it was read: nothing was written",
      command: "photo")
    throw ExitCode(ServerEdit.conflictStatus)
  }
}

/// Where the server's task leaves a conflict for the waiting command.
private final class PhotoEnded: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var changedMeanwhile = false
}
