import Foundation
import TestSupport
import Testing

@Suite struct ContentDirectoryTests {
  @Test func demoContentHasTheFirstRelease() {
    let path = TestPaths.content.appendingPathComponent("1.0.0.md").path
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
