import ArgumentParser

/// `--source` of a command that reads people from a file, a URL or a
/// directory server.
struct PeopleSourceOption: ParsableArguments {
  @Option(
    name: .long,
    help: """
      A users.json path or http(s) URL (default: the embedded directory), a CSV (.csv, .tsv) \
      or vCard (.vcf, .vcard) file, or an LDAP URL (ldap[s]://host:port/base??one?filter).
      """)
  var source: String?
}

/// `--source` of a command that reads people loaded whole: a file or a URL.
struct FileSourceOption: ParsableArguments {
  @Option(
    name: .long,
    help: """
      A users.json path or http(s) URL (default: the embedded directory), or a CSV (.csv, .tsv) \
      or vCard (.vcf, .vcard) file.
      """)
  var source: String?
}
