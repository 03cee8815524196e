import LaunchTracking
import Testing

@Suite struct ReleaseRangeTests {
  func v(_ s: String) throws -> AppVersion { try AppVersion(parsing: s) }

  @Test func theStartIsOutTheEndIsIn() throws {
    let range = ReleaseRange(after: try v("1.0.0"), upTo: try v("2.0.0"))
    #expect(!range.contains(try v("1.0.0")))
    #expect(range.contains(try v("1.0.1")))
    #expect(range.contains(try v("2.0.0")))
    #expect(range.contains(try v("2.0")))  // the same version
    #expect(!range.contains(try v("2.0.1")))
    #expect(!range.contains(try v("0.9.0")))
  }

  @Test func preReleasesOnlyWhenTheEndIsOne() throws {
    #expect(!ReleaseRange(after: try v("1.0.0"), upTo: try v("2.0.0")).contains(try v("2.0.0-beta.1")))
    let toBeta = ReleaseRange(after: try v("1.0.0"), upTo: try v("2.0.0-beta.2"))
    #expect(toBeta.contains(try v("2.0.0-beta.1")))
    #expect(toBeta.contains(try v("1.5.0")))
    #expect(!toBeta.contains(try v("2.0.0")))
  }

  @Test func noStartMeansFromTheOldestAndAnInvertedRangeHoldsNothing() throws {
    let all = ReleaseRange(after: nil, upTo: try v("1.0.0"))
    #expect(all.contains(try v("0.0.1")) && !all.isInverted)
    let inverted = ReleaseRange(after: try v("2.0.0"), upTo: try v("1.0.0"))
    #expect(inverted.isInverted)
    #expect(!inverted.contains(try v("1.5.0")))
  }

  @Test func theSheetAndTheCatalogUseTheSameRule() throws {
    let available = try ["1.0.0", "1.1.0", "2.0.0-beta.1", "2.0.0", "2.1.0"].map(v)
    let range = ReleaseRange(after: try v("1.0.0"), upTo: try v("2.0.0"))
    #expect(
      PresentationDecision.notes(after: try v("1.0.0"), upTo: try v("2.0.0"), in: available)
        == available.filter(range.contains).sorted(by: >))
  }
}
