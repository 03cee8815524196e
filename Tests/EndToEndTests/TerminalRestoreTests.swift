import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every way out of the terminal UI, 20 times in a row in the same terminal, each time with
/// `stty -a` identical before and after and the normal screen back. `TmuxTests` shows each
/// path once; this shows nothing accumulates or races across repeated runs.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct TerminalRestoreTests {
  static let repetitions = 20

  enum ExitPath: String, CaseIterable, Sendable {
    case quit, ctrlC, sigterm, sighup, crash
  }

  @Test(arguments: ExitPath.allCases)
  func everyExitPathRestoresTheTerminalTwentyTimes(path: ExitPath) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    var restored = 0
    for run in 1...Self.repetitions {
      // Fresh pid and stty files, so no run reads the one before's.
      for name in ["pid", "stty-before", "stty-after"] {
        try? FileManager.default.removeItem(at: tmux.directory.appendingPathComponent(name))
      }
      let environment = path == .crash ? "WHATSNEW_CRASH_FOR_TESTING=1" : ""
      try tmux.start("demo --simulate first --content \(tmux.content)", environment: environment)
      try tmux.waitFor("q later", timeout: 20)
      let expected: Int
      switch path {
      case .quit:
        try tmux.keys("q")
        try tmux.waitFor("Explore", timeout: 20)
        try tmux.keys("q")
        expected = 0
      case .ctrlC:
        try tmux.keys("C-c")
        expected = 130
      case .sigterm, .sighup:
        let signal = path == .sigterm ? SIGTERM : SIGHUP
        #expect(kill(try tmux.pid(), signal) == 0)
        expected = 128 + Int(signal)
      case .crash:
        try tmux.keys("q")
        try tmux.waitFor("Explore", timeout: 20)
        try tmux.keys("!")
        expected = 128 + Int(trapSignal)
      }
      let status = try tmux.waitForExit(timeout: 20)
      #expect(status == expected, "\(path) run \(run): exit status \(status)")
      let stty = tmux.sttySnapshots()
      #expect(!stty.before.isEmpty, "\(path) run \(run): no stty snapshot")
      #expect(stty.before == stty.after, "\(path) run \(run): the terminal modes changed")
      #expect(try tmux.display("#{alternate_on}") == "0", "\(path) run \(run): still on the alternate screen")
      if !stty.before.isEmpty && stty.before == stty.after { restored += 1 }
    }
    #expect(restored == Self.repetitions)
    print(
      "TerminalRestoreTests: \(path): \(restored) of \(Self.repetitions) runs left the terminal as they found it"
    )
  }
}
