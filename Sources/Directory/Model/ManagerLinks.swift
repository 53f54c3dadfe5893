/// How a ``UserTable`` links each person to their manager in 32 bits, and
/// the pass that makes the links once every person is in.
///
/// A link is 0 for no manager; `1 + row` of the manager in the same
/// table (their position, unless the table was patched: ``RowMap``); or, when nobody in the table has the manager's identity (a
/// preview of the first people, a file that names someone it does not
/// hold), the reference as the source gave it, kept in the table's pool of
/// manager references and marked by the top bit: nothing the source said is lost.
///
/// Threading: stateless; the pass runs on the builder's thread.
enum ManagerLinks {
  private static let unresolvedBit: UInt32 = 1 << 31

  /// The link of a reference not yet resolved: value `id` of the
  /// references' pool.
  static func unresolved(_ id: UInt32) -> UInt32 { id == 0 ? 0 : id | unresolvedBit }

  /// The manager's row, when the link points at a person.
  @inline(__always)
  static func row(_ link: UInt32) -> Int? {
    link == 0 || link & unresolvedBit != 0 ? nil : Int(link) - 1
  }

  /// The pool value holding an unresolved reference (0 when the link is
  /// none or a position).
  @inline(__always)
  static func unresolvedReference(_ link: UInt32) -> Int {
    link & unresolvedBit == 0 ? 0 : Int(link & ~unresolvedBit)
  }

  /// How many managers are looked up between two releases of a mapped
  /// table's pages. A read at random maps the pages around it too (the
  /// page cache's folio, up to 2 MiB), so without releases a million
  /// lookups leave the whole text resident; every 128 lookups keeps a
  /// first copy of a million people at 171 MiB at its peak rather than
  /// 222 (docs/PERFORMANCE.md), for a third of a second more.
  static let randomReadStride = 128

  /// Turns every reference in `columns.managers` that names a person of the
  /// table (by identity: id, else username) into a link to that person. A
  /// person named as their own manager keeps the reference as text, so a
  /// chain of managers always ends.
  /// Runs while the table is made, before anyone else reads it (a table
  /// not patched: its rows are its positions).
  static func resolve(in table: UserTable) {
    precondition(table.rowMap == nil, "links of a patched table are made by the patch")
    let columns = table.columns
    let count = columns.roles.count
    guard (0..<count).contains(where: { columns.managers[$0] != 0 }) else { return }
    let identities = IdentityIndex(table)
    // Each lookup reads a manager's identity wherever it lies: on a mapped
    // table (a copy's, its text spooled) the pages of such reads are let
    // go often, or the whole text would stay resident.
    defer { table.releaseMappedPages() }
    for position in 0..<count {
      table.scanned(position, every: randomReadStride)
      let reference = unresolvedReference(columns.managers[position])
      guard reference != 0,
        let manager = identities.position(
          of: columns.managerReferences.bytes(of: reference), in: table),
        manager != position
      else { continue }
      columns.managers.set(position, to: UInt32(manager + 1))
    }
  }
}

extension ManagerLinks {
  /// Links each manager reference of `table` that names nobody by
  /// identity to the person `named` finds by that reference (an LDAP
  /// server's reports name their manager by DN; the copy knows people by
  /// entryUUID): a second pass after ``resolve(in:)``, while the table is
  /// made. A person named as their own manager keeps the reference.
  static func resolve(
    in table: UserTable, named: (UnsafeBufferPointer<UInt8>) -> Int?
  ) {
    precondition(table.rowMap == nil, "links of a patched table are made by the patch")
    let columns = table.columns
    defer { table.releaseMappedPages() }
    for position in 0..<columns.roles.count {
      table.scanned(position, every: randomReadStride)
      let reference = unresolvedReference(columns.managers[position])
      guard reference != 0,
        let manager = named(columns.managerReferences.bytes(of: reference)),
        manager != position, manager < columns.roles.count
      else { continue }
      columns.managers.set(position, to: UInt32(manager + 1))
    }
  }
}
