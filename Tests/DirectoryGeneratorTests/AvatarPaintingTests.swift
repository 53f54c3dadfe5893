import XCTest

@testable import DirectoryGenerator

final class AvatarPaintingTests: XCTestCase {
  /// The first plan of each style among the first few hundred for a seed.
  private func plans(seed: UInt64) -> [AvatarPlan] {
    let all = (0..<300).map { AvatarPlan(index: $0, seed: seed) }
    return AvatarPlan.Style.allCases.compactMap { style in all.first { $0.style == style } }
  }

  func testTheSameSeedPaintsTheSameBytesAndAnotherSeedOtherBytes() throws {
    try ImageEncoder.warmUp()
    let plans = plans(seed: 2026)
    XCTAssertEqual(plans.count, AvatarPlan.Style.allCases.count)
    for plan in plans {
      let first = try AvatarRenderer.render(plan)
      XCTAssertEqual(try AvatarRenderer.render(plan), first, "\(plan.style) twice")
      var reseeded = plan
      reseeded.paintSeed &+= 1
      XCTAssertNotEqual(try AvatarRenderer.render(reseeded), first, "\(plan.style) reseeded")
    }
  }
}
