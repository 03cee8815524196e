import JotDemo
import LaunchGreeter
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TerminalRendering

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

/// The demo app, Jot, as a client of ``LaunchGreeter``: it greets through the public API alone
/// (`LaunchGreeter.greet()`, which records the launch, runs the update steps and presents what
/// the launch calls for), then opens its own home screen (from which the sheet, the walkthrough
/// and a release-notes browser can be reopened, and where writing a note records the usage
/// event `new-note`) and reopens where the user left it, as any adopter's app would after its
/// greeting.
enum DemoPresentation {
  /// The name the demo's screens show.
  static let appName = "Jot"

  /// The environment variable that arms the hidden crash key (`!` on the home screen), so
  /// the tests can check the terminal is restored after a crash.
  static let crashVariable = "WHATSNEW_CRASH_FOR_TESTING"

  /// Runs Jot's home screen in the terminal until the user leaves: the home screen at the
  /// bottom, the browser on top of it when the user left from there, and the screens the home
  /// screen opens. The restoration point is saved when the user leaves (also on a termination
  /// signal, which is then re-raised). Returns true when the user left with Ctrl-C (the demo
  /// then ends with status 130), the theme drawn in and the terminal's problem lines (see
  /// ``GreeterTerminal/problems``); false, nil and none, doing nothing, when there is no
  /// terminal to drive.
  static func home(
    version: AppVersion, catalog: ReleaseNotesCatalog, versionsRun: [AppVersion], stateDirectory: String?,
    minimumImportance: ReleaseImportance, color: GreeterColorMode, theme: GreeterTheme = .auto,
    hyperlinks: GreeterHyperlinks = .auto, environment: [String: String],
    query: consuming GreeterBackgroundQuery? = nil, tip: String? = nil, turnTipsOff: () -> Void = {},
    events: UsageEvents = UsageEvents(), record: (String) -> Void = { _ in }
  ) -> (interrupted: Bool, theme: GreeterThemeChoice?, problems: [String]) {
    let crashArmed = environment[crashVariable] == "1"
    // Read while the terminal answers the background query (``sendQuery``), before it opens.
    let versions = (try? catalog.index())?.versions ?? []
    let restored = RestorationFile.load(from: stateDirectory)?.validated(versions: versions)
    let sent =
      query.take()
      ?? sendQuery(stateDirectory: stateDirectory, color: color, theme: theme, environment: environment)
    guard
      let terminal = GreeterTerminal.open(
        color: color, noColor: environment["NO_COLOR"], theme: theme, colorFGBG: environment["COLORFGBG"],
        query: sent, crashAction: .defaultAction)
    else { return (false, nil, []) }
    var screens = GreetingScreens(
      catalog: catalog, appName: appName, palette: terminal.palette, theme: terminal.theme)
    screens.minimumImportance = minimumImportance
    screens.hyperlinks = hyperlinks.decision(environment: environment, isTerminal: true).on
    screens.versionsRun = versionsRun
    // The tour opened from the home screen marks the pages whose `done-when:` event happened.
    screens.events = events
    var home = HomeScreen(appName: appName, version: version, palette: screens.palette)
    home.offersCrash = crashArmed
    home.tip = tip
    var stack = ScreenStack([home], palette: terminal.palette)
    if let point = restored, point.place == .releaseNotes,
      let browser = try? browser(
        screens, version: point.version, scroll: point.scroll, notesFocused: point.notesFocused)
    {
      stack.push(browser)
    }
    var interrupted = false
    let end = terminal.run(&stack) { effect, stack in
      if effect == .interrupt { interrupted = true }
      guard case .app(let request) = effect else { return }
      if request == Destination.crashRequest {
        if crashArmed { fatalError("deliberate crash for testing (\(crashVariable)=1)") }
      } else if request == Destination.noMoreTipsRequest {
        turnTipsOff()
      } else if request == HomeScreen.newNoteRequest {
        record(HomeScreen.newNoteEvent)
        screens.events.record(HomeScreen.newNoteEvent, at: Date())
      } else if let destination = Destination(request: request),
        let screen = try? screen(for: destination, version: version, screens: screens)
      {
        stack.push(screen)
      }
    }
    terminal.close()
    RestorationFile.save(RestorationState.point(of: stack), to: stateDirectory)
    if case .signal(let signal) = end { GreeterTerminal.exit(killedBy: signal) }
    return (interrupted, terminal.themeChoice, terminal.problems)
  }

  /// Sends the background query for the home screen (see ``GreeterBackgroundQuery``): nothing
  /// when the theme is set, nobody is at the terminal, or the greeting asked already.
  static func sendQuery(
    stateDirectory: String?, color: GreeterColorMode, theme: GreeterTheme, environment: [String: String]
  ) -> GreeterBackgroundQuery {
    GreeterBackgroundQuery.send(
      color: color, noColor: environment["NO_COLOR"], theme: theme,
      asking: BackgroundAsking(
        environment: environment, memory: UnansweringTerminals(directory: stateDirectory)))
  }

  /// The screen the home screen asks for.
  static func screen(for destination: Destination, version: AppVersion, screens: GreetingScreens) throws
    -> any Screen
  {
    switch destination {
    case .whatsNew:
      // The notes since the previous release, as an upgrader from it would see them.
      let previous = try screens.catalog.index().previousRelease(before: version)
      return try screens.whatsNewSheet(since: previous, upTo: version, presentation: nil)
    case .onboarding:
      return try screens.onboarding(page: 0)
    case .releaseNotes(let selected):
      return try browser(screens, version: selected)
    }
  }

  /// The release-notes browser on `version` (or the newest). Every version's notes are read
  /// here, before the screen exists (the browser only parses and lays out the text it is
  /// given); a file that cannot be read shows why in its place.
  static func browser(
    _ screens: GreetingScreens, version: AppVersion? = nil, scroll: Int = 0, notesFocused: Bool = false
  ) throws -> ReleaseBrowser {
    let catalog = screens.catalog
    let errorStyle = screens.palette.error
    let sections = try catalog.index().entries.reversed().map { entry in
      do {
        return screens.section(try catalog.noteText(entry))
      } catch {
        let message = StyledLine("Cannot show these notes: \(error)", style: errorStyle)
        return ReleaseSection(
          version: entry.version, notes: LineSource { TextWrapper.wrap(message, width: $0) })
      }
    }
    var browser = ReleaseBrowser(
      appName: appName, releases: sections, version: version, scroll: scroll, notesFocused: notesFocused,
      palette: screens.palette)
    browser.livedThrough = sections.map(\.version).filter { screens.versionsRun.contains($0) }
    return browser
  }
}

/// The demo's UI restoration point, `ui-restoration.json` in the state directory. Reading
/// tolerates anything (a missing, foreign or corrupt file is ignored); writing is atomic and
/// best effort.
enum RestorationFile {
  static let fileName = "ui-restoration.json"

  static func load(from directory: String?) -> RestorationState? {
    guard let directory else { return nil }
    guard let bytes = try? Platform.readStateFile(directory + "/" + fileName), bytes.count < 64 * 1024 else {
      return nil
    }
    return try? JSONDecoder().decode(RestorationState.self, from: Data(bytes))
  }

  static func save(_ point: RestorationState?, to directory: String?) {
    guard let directory, let point, let data = try? JSONEncoder().encode(point) else { return }
    // A name of this process's own: the point is saved outside the state lock.
    try? Platform.replaceFile(
      directory + "/" + fileName, with: Array(data), temporary: directory + "/.\(fileName).\(getpid()).tmp",
      durable: false)
  }
}
