import Testing

@testable import LaunchTracking

@Suite struct AppVersionPlaceholderTests {
  @Test func keepsItsText() {
    #expect(AppVersion("1.2.3").text == "1.2.3")
  }
}
