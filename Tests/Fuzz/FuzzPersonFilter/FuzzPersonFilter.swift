import Directory
import FuzzSupport

/// Fuzzes the filter language: any text either parses or names a position
/// inside it (or at its end). A filter that parses prints a form that
/// parses back to the same filter, and runs over a small table of people
/// without trouble, `not` giving exactly the others.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzPersonFilter {
  static let table = UserTable([
    User(
      id: "u1", username: "maria", role: .owner,
      details: PersonDetails(
        displayName: "María García", email: "maria@example.org", title: "Director",
        department: "Sales", location: "Berlin")),
    User(
      id: "u2", username: "jchen",
      details: PersonDetails(displayName: "Jun Chen", title: "Engineer", manager: "u1")),
    User(username: "plain"),
  ])

  static func main() {
    Fuzzing.run { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
      let filter: PersonFilter
      do throws(FilterSyntaxError) {
        filter = try PersonFilter(parsing: text)
      } catch {
        precondition(
          (0...text.count).contains(error.position), "the error's position is inside the text")
        return
      }
      precondition(
        (try? PersonFilter(parsing: filter.description)) == filter,
        "the printed filter reads back as the same filter")
      let matched = TableFilter(filter, over: table).positions(isCancelled: { false }) ?? []
      let others = TableFilter(.not(filter), over: table).positions(isCancelled: { false }) ?? []
      precondition(
        Set(matched).isDisjoint(with: others) && matched.count + others.count == table.userCount,
        "not gives exactly the people the filter does not")
    }
  }
}
