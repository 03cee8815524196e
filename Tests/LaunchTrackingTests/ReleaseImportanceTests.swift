import LaunchTracking
import Testing

@Suite struct ReleaseImportanceTests {
  private func v(_ text: String) -> AppVersion {
    guard let version = AppVersion(text) else { fatalError("bad version \(text)") }
    return version
  }

  @Test func theBumpImpliesTheImportance() {
    #expect(ReleaseImportance.implied(from: nil, to: v("1.0.0")) == .major)
    #expect(ReleaseImportance.implied(from: v("1.9.3"), to: v("2.0.0")) == .major)
    #expect(ReleaseImportance.implied(from: v("1.2.3"), to: v("1.3.0")) == .minor)
    #expect(ReleaseImportance.implied(from: v("1.2.3"), to: v("1.2.4")) == .patch)
    #expect(ReleaseImportance.implied(from: v("2.0.0-beta.1"), to: v("2.0.0")) == .patch)
  }

  @Test func frontMatterValuesParseAndOrder() {
    #expect(ReleaseImportance(frontMatter: " Major ") == .major)
    #expect(ReleaseImportance(frontMatter: "minor") == .minor)
    #expect(ReleaseImportance(frontMatter: "Critical") == .critical)
    #expect(ReleaseImportance(frontMatter: "urgent") == nil)
    #expect(ReleaseImportance.patch < .minor && .minor < .major && .major < .critical)
    #expect(ReleaseImportance.allCases.sorted() == [.patch, .minor, .major, .critical])
  }
}
