import ArgumentParser
import Testing

@testable import whatsnew

/// `whatsnew demo` skips ArgumentParser for a plain launch. Whatever the fast path accepts
/// must give the command ArgumentParser would build from the same arguments; everything else
/// must fall through to it (nil), so help and error messages stay ArgumentParser's.
@Suite struct DemoFastPathTests {
  /// Every property of the command, so two commands can be compared.
  private func fields(_ c: DemoLaunch) -> [String] {
    [
      "\(String(describing: c.simulate))", "\(String(describing: c.from))", "\(c.away)",
      "\(String(describing: c.appVersion))", c.state.appID, "\(String(describing: c.state.stateDir))",
      "\(String(describing: c.content))", "\(c.returningAfter)", "\(String(describing: c.open))",
      "\(c.explain)", c.color,
    ]
  }

  private func viaArgumentParser(_ arguments: [String]) throws -> [String]? {
    let command = try WhatsNew.parseAsRoot(["demo"] + arguments)
    return (command as? DemoCommand).map { fields($0.launch) }
  }

  @Test(arguments: [
    [],
    ["--state-dir", "/tmp/state", "--content", "Content"],
    ["--content=Content", "--state-dir=/tmp/state"],
    ["--app-id", "my-app", "--app-version", "1.2.0"],
    ["--app-id=my-app", "--app-version=2.0.0-beta.1", "--content", "x y"],
    ["--content=a=b"],
    ["--content", "lint"],
    ["--state-dir", "demo"],
  ])
  func plainLaunchesMatchArgumentParser(_ arguments: [String]) throws {
    let fast = try #require(DemoFastPath.launch(arguments[...]))
    #expect(try fields(fast) == viaArgumentParser(arguments))
  }

  @Test func theDefaultsAreArgumentParsers() throws {
    let fast = try #require(DemoFastPath.launch([]))
    #expect(fields(fast)[4] == "whatsnew-demo")
    #expect(try fields(fast) == viaArgumentParser([]))
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["help"], ["--explain"], ["--simulate", "first"], ["--color", "never"],
    ["--open", "whatsnew://notes/1.0.0"], ["--away", "3"], ["--returning-after", "7"],
    ["--content"], ["--content", "--state-dir", "x"], ["--content", "a", "--content", "b"],
    ["--content=a", "--content", "b"], ["extra"], ["--", "x"], ["--content", "-x"],
    ["--content=-x"], ["--generate-completion-script", "bash"], ["--state", "x"],
  ])
  func anythingElseFallsThrough(_ arguments: [String]) {
    #expect(DemoFastPath.launch(arguments[...]) == nil)
  }

  @Test(arguments: [
    ["--state-dir", ""], ["--state-dir="], ["--app-id", "no/slash"], ["--app-id", ""],
    ["--app-version", "not-a-version"],
  ])
  func invalidValuesFallThroughToArgumentParsersError(_ arguments: [String]) {
    #expect(DemoFastPath.launch(arguments[...]) == nil)
    #expect(throws: (any Error).self) { try WhatsNew.parseAsRoot(["demo"] + arguments) }
  }
}
