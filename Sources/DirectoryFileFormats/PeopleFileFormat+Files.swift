import Directory

extension PeopleFileFormat {
  /// CSV: a spreadsheet's export, or Roster's own (``CSVPeopleReader``).
  public static let csv = PeopleFileFormat(name: "CSV", parse: CSVPeopleReader.read)

  /// vCard 3.0 or 4.0: a contacts app's export, or Roster's own
  /// (``VCardPeopleReader``).
  public static let vCard = PeopleFileFormat(name: "vCard", parse: VCardPeopleReader.read)
}
