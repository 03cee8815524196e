import LaunchTracking
import Testing

@Suite struct ReleaseRangeTests {
  func v(_ s: String) -> AppVersion { AppVersion(s)! }

  @Test func theStartIsOutTheEndIsIn() {
    let range = ReleaseRange(after: v("1.0.0"), upTo: v("2.0.0"))
    #expect(!range.contains(v("1.0.0")))
    #expect(range.contains(v("1.0.1")))
    #expect(range.contains(v("2.0.0")))
    #expect(range.contains(v("2.0")))  // the same version
    #expect(!range.contains(v("2.0.1")))
    #expect(!range.contains(v("0.9.0")))
  }

  @Test func preReleasesOnlyWhenTheEndIsOne() {
    #expect(!ReleaseRange(after: v("1.0.0"), upTo: v("2.0.0")).contains(v("2.0.0-beta.1")))
    let toBeta = ReleaseRange(after: v("1.0.0"), upTo: v("2.0.0-beta.2"))
    #expect(toBeta.contains(v("2.0.0-beta.1")))
    #expect(toBeta.contains(v("1.5.0")))
    #expect(!toBeta.contains(v("2.0.0")))
  }

  @Test func noStartMeansFromTheOldestAndAnInvertedRangeHoldsNothing() {
    let all = ReleaseRange(after: nil, upTo: v("1.0.0"))
    #expect(all.contains(v("0.0.1")) && !all.isInverted)
    let inverted = ReleaseRange(after: v("2.0.0"), upTo: v("1.0.0"))
    #expect(inverted.isInverted)
    #expect(!inverted.contains(v("1.5.0")))
  }

  @Test func theSheetAndTheCatalogUseTheSameRule() {
    let available = ["1.0.0", "1.1.0", "2.0.0-beta.1", "2.0.0", "2.1.0"].map(v)
    let range = ReleaseRange(after: v("1.0.0"), upTo: v("2.0.0"))
    #expect(
      PresentationDecision.notes(after: v("1.0.0"), upTo: v("2.0.0"), in: available)
        == available.filter(range.contains).sorted(by: >))
  }
}
