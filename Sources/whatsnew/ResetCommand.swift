import ArgumentParser
import GreetProtocol
import LaunchGreeter
import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `whatsnew reset`: forgets the recorded launch state, so the next launch is a first one.
/// Removes every file the launches made in the state directory (the lock file; for the demo
/// app also its restoration point and data files), so that the next launch really is a fresh
/// install. Asks first on a terminal; needs `--yes` otherwise.
struct ResetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset",
    abstract: "Forgets the recorded launch state."
  )

  @OptionGroup var state: StateOptions

  @Flag(help: "Do not ask for confirmation.")
  var yes = false

  func run() throws {
    let (state, note) = self.state.recordedState()
    if let note { Console.out(note) }
    let store = state.makeStore(now: { Date() })
    if !yes {
      guard isatty(0) == 1 && isatty(1) == 1 else {
        throw CommandFailure("reset needs --yes when not run from a terminal (it would forget \(store.path))")
      }
      Console.prompt("Forget the launch state of \(state.appID) in \(store.directory)? [y/N] ")
      let answer = (readLine() ?? "").filter { !$0.isWhitespace }.lowercased()
      guard answer == "y" || answer == "yes" else {
        Console.out("Nothing changed.")
        return
      }
    }
    // Everything else the launches wrote here: the lock file, the output of `greet --steps`,
    // the terminals that did not answer the background query, and the demo's restoration
    // point and data files. Files only: what is not one (a directory planted there) stays.
    var others = [ShellSteps.logFileName, UnansweringTerminals.fileName]
    if state.appID == StateSettings().appID {
      others += [RestorationFile.fileName] + DemoUpdateSteps.dataFiles
    }
    let removed: [String]
    do {
      removed = try store.reset(alsoRemoving: others)
    } catch {
      throw CommandFailure("cannot forget the launch state of \(state.appID): \(error)")
    }
    if removed.isEmpty {
      Console.out("Nothing to forget for \(state.appID): no launch state in \(store.directory).")
      return
    }
    Console.out(
      "Forgot the launch state of \(state.appID): removed \(removed.joined(separator: ", ")) in \(store.directory)."
    )
  }
}
