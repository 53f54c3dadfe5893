import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// Saves on a person's page, timed: each round clicks Edit, types a phone
/// number, clicks Save and waits until the page and the person's row show
/// it; prints the median and the slowest of the rounds.
@MainActor
enum SaveTimes {
  /// Runs `rounds` saves of `phone(round)` in `person`'s editor; `rowPhone`
  /// reads the number the person's row shows now. Returns the times from
  /// Save to the row showing the number, fastest first.
  @discardableResult
  static func measure(
    _ person: PersonPage, rounds: Int = 20, phone: (Int) -> String,
    rowPhone: @escaping @MainActor () -> String?, named name: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> [Duration] {
    let editor = person.editor
    var times: [Duration] = []
    for round in 0..<rounds {
      let phone = phone(round)
      cgtk_emit(gobject(editor.editButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
        "the fields were not read: \(editor.phase)", file: file, line: line)
      gtk_editable_set_text(gtkObject(try XCTUnwrap(editor.rows[.phone]?.entry)), phone)
      let clicked = ContinuousClock.now
      cgtk_emit(gobject(editor.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(
          until: {
            editor.phase == .viewing && person.facts?.person.details.phone == phone
              && rowPhone() == phone
          }, timeout: .seconds(20)), "\(editor.phase), \(editor.errorText)", file: file,
        line: line)
      times.append(ContinuousClock.now - clicked)
    }
    let sorted = times.sorted()
    print(
      "Save → \(name) shows it, \(rounds) saves: p50 \(sorted[rounds / 2]), max \(sorted[rounds - 1])"
    )
    return sorted
  }
}
