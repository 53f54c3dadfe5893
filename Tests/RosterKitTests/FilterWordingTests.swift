import Directory
import XCTest

@testable import RosterKit

/// How the filter bar words filters: chips read as sentences, and the
/// chips' text parses back to the same conditions.
final class FilterWordingTests: XCTestCase {
  func testTheChipsTextParsesBackToTheSameConditions() throws {
    let typed =
      #"department eq "Sales" and (title co "Eng" or location sw "Ber") and not (email pr)"#
    let conditions = FilterWording.conditions(of: try PersonFilter(parsing: typed))
    XCTAssertEqual(conditions.count, 3)
    let text = FilterWording.expression(of: conditions)
    XCTAssertEqual(FilterWording.conditions(of: try PersonFilter(parsing: text)), conditions)
    XCTAssertEqual(FilterWording.combined(conditions), try PersonFilter(parsing: typed))
    XCTAssertNil(FilterWording.combined([]))
  }

  func testAValueWithQuotesIsEscapedInTheText() throws {
    let condition = PersonFilter.compare(.title, .co, #"say "hi" \ bye"#)
    let text = FilterWording.expression(of: [condition])
    XCTAssertEqual(text, #"title co "say \"hi\" \\ bye""#)
    XCTAssertEqual(try PersonFilter(parsing: text), condition)
  }

  func testChipsReadAsSentences() {
    XCTAssertEqual(
      FilterWording.label(of: .compare(.department, .sw, "Sal")), "Department starts with “Sal”")
    XCTAssertEqual(FilterWording.label(of: .present(.email)), "Email is set")
    XCTAssertEqual(FilterWording.label(of: .not(.present(.phone))), "Phone is not set")
    let either = PersonFilter.or(.present(.email), .present(.phone))
    XCTAssertEqual(FilterWording.label(of: either), "(email pr or phone pr)")
    XCTAssertNil(FilterWording.Comparison.co.condition(.title, ""), "a comparison without a value")
    XCTAssertEqual(FilterWording.Comparison.absent.condition(.title, ""), .not(.present(.title)))
  }
}
