import LaunchScreens
import LaunchTracking
import ReleaseNotes

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The demo app's terminal UI: the update-step progress bar while steps run, then what the
/// launch calls for, then the home screen.
///
/// `DemoCommand` calls ``showProgress(_:version:color:)`` for every update-step event (under
/// the state lock) and ``present(_:context:)`` for every interactive launch. Dismissals are
/// reported to the tracker only when the user dismisses: a process killed before that leaves
/// the presentation pending. When no terminal can be opened nothing is presented and
/// everything stays pending.
enum DemoPresentation {
  /// Everything the presenter needs besides the decision.
  struct Context {
    /// The tracker, to report dismissals (an in-memory one under `--simulate`).
    let tracker: LaunchTracker
    /// The recorded launch.
    let record: LaunchRecord
    /// The content directory, if one was found.
    let contentDirectory: String?
    /// `--color`: `auto`, `always` or `never`.
    let color: String
    /// Where the UI restoration point is kept; nil under `--simulate` (nothing real is
    /// read or written).
    var stateDirectory: String? = nil
  }

  /// The environment variable that arms the hidden crash key (`!` on the home screen), so
  /// the tests can check the terminal is restored after a crash.
  static let crashVariable = "WHATSNEW_CRASH_FOR_TESTING"

  /// Shows one update-step progress event as the progress screen.
  static func showProgress(_ progress: UpdateProgress, version: String? = nil, color: String) {
    guard let ui = TerminalUI.shared(color: color) else { return }
    let done = progress.phase == .started ? progress.index - 1 : progress.index
    ui.show(
      UpdateProgressScreen(
        appName: TerminalUI.appName, version: version, step: progress.index, total: progress.total,
        summary: progress.summary, completed: Double(done), palette: ui.palette))
  }

  /// Presents `decision` (nothing: just the home screen), then runs the demo app until the
  /// user quits.
  static func present(_ decision: PresentationDecision, context: Context) throws {
    guard let ui = TerminalUI.shared(color: context.color) else {
      // The plain fallback: say why nothing is shown; everything stays pending.
      let term = ProcessInfo.processInfo.environment["TERM"] ?? "unset"
      Console.error(
        "whatsnew: cannot drive this terminal (TERM=\(term)); nothing presented, \(decision.summary) stays pending"
      )
      return
    }
    defer { TerminalUI.closeShared() }
    guard let directory = context.contentDirectory else {
      throw CommandFailure("no Content directory found (try --content DIR)")
    }
    let content = ScreenContent(catalog: try ReleaseNotesCatalog(directory: directory), ui: ui)
    let version = context.record.launch.to
    let tracker = context.tracker
    var stack = ScreenStack(
      [HomeScreen(appName: TerminalUI.appName, version: version.description, palette: ui.palette)],
      palette: ui.palette)

    // Reopen where the user left off, if the saved point still makes sense.
    if let point = RestorationFile.load(from: context.stateDirectory)?.validated(
      versions: content.versionNames),
      point.place == .releaseNotes
    {
      stack.push(
        try content.browser(version: point.version, scroll: point.scroll, notesFocused: point.notesFocused))
    }

    var onboardingPresented = false
    var welcomeBackWithSheet = false
    switch decision {
    case .onboarding(let page):
      stack.push(try content.onboarding(page: page))
      onboardingPresented = true
    case .whatsNew(let from, let to, _, let days):
      stack.push(
        try content.whatsNewSheet(
          since: from, upTo: to, welcomeBackDays: days, presentation: .whatsNew(upTo: to.description)))
      welcomeBackWithSheet = days != nil
    case .welcomeBack(let days):
      stack.push(try content.welcomeBack(days: days))
    case .openNotes(let linked):
      stack.push(try content.notesSheet(for: linked))
    case .nothing:
      break
    }
    if let failure = context.record.updates.failed {
      stack.push(
        UpdateFailureScreen(
          appName: TerminalUI.appName, stepSummary: "\(failure.id) (\(failure.version))",
          message: failure.message,
          palette: ui.palette))
    }

    var problems: [String] = []
    func report(_ work: () throws -> Void) {
      do { try work() } catch { problems.append("whatsnew: could not record the dismissal: \(error)") }
    }
    let crashArmed = ProcessInfo.processInfo.environment[crashVariable] == "1"
    ui.run(
      &stack,
      beforeSignalExit: { RestorationFile.save($0.restorationPoint, to: context.stateDirectory) }
    ) { effect, stack in
      switch effect {
      case .dismissed(.whatsNew(let upTo)):
        report { try tracker.markDismissed(.whatsNew, upTo: AppVersion(upTo)) }
        if welcomeBackWithSheet {
          report { try tracker.markDismissed(.welcomeBack) }
          welcomeBackWithSheet = false
        }
      case .dismissed(.welcomeBack):
        report { try tracker.markDismissed(.welcomeBack) }
      case .dismissed(.onboarding), .onboardingFinished:
        if onboardingPresented {
          report { try tracker.completeOnboarding() }
          onboardingPresented = false
        }
      case .onboardingProgress(let page):
        if onboardingPresented { report { try tracker.markOnboarding(page: page) } }
      case .open(let destination):
        do {
          stack.push(try content.screen(for: destination, version: version))
        } catch {
          problems.append("whatsnew: \(error)")
        }
      case .crashRequested:
        if crashArmed { fatalError("deliberate crash for testing (\(crashVariable)=1)") }
      case .close, .quit:
        break
      }
    }
    RestorationFile.save(stack.restorationPoint, to: context.stateDirectory)
    TerminalUI.closeShared()
    for problem in problems { Console.error(problem) }
  }
}

/// The demo's UI restoration point, `ui-restoration.json` in the state directory. Reading
/// tolerates anything (a missing, foreign or corrupt file is ignored); writing is atomic and
/// best effort.
enum RestorationFile {
  static let fileName = "ui-restoration.json"

  static func load(from directory: String?) -> RestorationState? {
    guard let directory else { return nil }
    let url = URL(fileURLWithPath: directory).appendingPathComponent(fileName)
    guard let data = try? Data(contentsOf: url), data.count < 64 * 1024 else { return nil }
    return try? JSONDecoder().decode(RestorationState.self, from: data)
  }

  static func save(_ point: RestorationState?, to directory: String?) {
    guard let directory, let point, let data = try? JSONEncoder().encode(point) else { return }
    let url = URL(fileURLWithPath: directory).appendingPathComponent(fileName)
    try? data.write(to: url, options: .atomic)
  }
}
