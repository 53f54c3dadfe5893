import Directory

/// A local page over an offline copy of a directory server: each change
/// the copy takes reaches the list as its differences from the rows shown
/// (the path a refresh takes), the photos are read from the server by
/// identity, and Refresh connects to the server again.
extension LocalDirectoryPage {
  /// Shows `copy`'s people from now on.
  func follow(_ copy: OfflineCopy) {
    let photos = ServerPhotos(directory: copy.photoDirectory)
    for service in avatarSizes { service.serverPhotos = photos }
    controller.resolvesAvatars = false
    copy.onPeople = { [weak self] contents in self?.controller.show(contents) }
    if let people = copy.people { controller.show(people) }
    refreshAction = { [weak copy] in
      copy?.retry()
      return copy != nil
    }
  }
}
