import Directory

/// A loaded directory that is an offline copy of a directory server: each change
/// the copy takes reaches the list as its differences from the rows shown
/// (the path a refresh takes), the photos are read from the server by
/// identity, and Refresh connects to the server again.
extension LoadedReader {
  /// Shows `copy`'s people from now on, by username unless the page has
  /// an order already (the order a server's page opens in; the copy keeps
  /// its people's in it, so they show at once).
  func follow(_ copy: OfflineCopy) {
    if order.sort == nil { order.sort(by: ReplicaStore.keptOrder) }
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

  /// Selects the person shown whose username is `username`, found off the
  /// main thread: the person a server's page had selected when the copy
  /// took over (the copy names people by entryUUID, the server's page by
  /// DN, so the username is what both pages hold alike). Nothing happens
  /// when the rows changed meanwhile or nobody shown has it.
  func select(username: String) {
    guard let table = model.elements.first?.table else { return }
    Task { @MainActor [weak self] in
      let found = await Task.detached(priority: .userInitiated) {
        table.position(ofUsername: username)
      }.value
      guard let self, let found, self.model.elements.first?.table === table,
        let position = self.model.elements.firstIndex(where: { $0.index == found })
      else { return }
      self.select(position)
    }
  }
}
