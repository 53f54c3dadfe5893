import Directory

/// What a row of a list or a table shows at its position: a person, or a
/// skeleton while the person is on their way (a server's row whose page
/// has not arrived). A local directory's rows always show a person.
///
/// Threading: a plain value; `Sendable`.
package enum RowContent: Sendable, Equatable {
  case pending
  case person(UserViewModel)
}
