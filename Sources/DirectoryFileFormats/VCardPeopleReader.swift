import Directory

/// Reads people from vCard 3.0 and 4.0 files (RFC 2426, RFC 6350): the
/// content lines unfolded (``VCardLines``), a person a card
/// (``VCardCard``), the order kept. A card without a username, or with
/// one an earlier card has, is skipped and counted (``PeopleCollector``);
/// lines outside cards and properties Roster does not read are ignored. A
/// file without cards, or a card never ended, is an error.
///
/// Threading: stateless; runs on the caller's thread (the loader's worker).
enum VCardPeopleReader {
  /// The people of the vCard file `buffer`.
  static func read(_ buffer: UnsafeRawBufferPointer) throws(DirectoryError) -> PeopleFile {
    try PeopleFileError.reading(buffer, with: people(in:))
  }

  static func people(in bytes: UnsafeBufferPointer<UInt8>) throws(PeopleFileError) -> PeopleFile {
    var lines = VCardLines(bytes, from: Byte.start(afterByteOrderMarkOf: bytes))
    var collector = PeopleCollector()
    var card: VCardCard?
    var cardLine = 0
    var cards = 0
    var photosLeftOut = 0
    while lines.advance() {
      guard let property = VCardProperty(lines.current) else { continue }
      let isCard = property.value.elementsEqual("VCARD".utf8) {
        $0 | 0x20 == $1 | 0x20
      }
      switch property.name {
      case "BEGIN" where isCard:
        // A card inside a card (2.1's AGENT) is not read: the outer one never ended.
        guard card == nil else { throw .unterminatedCard(line: cardLine) }
        card = VCardCard()
        cardLine = lines.line
        cards += 1
      case "END" where isCard:
        guard let done = card else { continue }
        let place = "card \(cards) (line \(cardLine))"
        if done.wasCut { collector.warn(PersonText.cutWarning(at: place)) }
        if done.photoLeftOut { photosLeftOut += 1 }
        collector.add(done.person, at: place)
        card = nil
      default:
        card?.read(property)
      }
    }
    guard card == nil else { throw .unterminatedCard(line: cardLine) }
    guard cards > 0 else { throw .noCards }
    if photosLeftOut > 0 {
      collector.warn(
        "\(photosLeftOut) photos inline in the file left out (only http(s) photo URLs are shown)")
    }
    return collector.file
  }
}
