import LaunchTracking
import TerminalRendering

/// The "a newer version is available" card, from the app's update feed: the version, the one
/// running, the upgrade command. `n` opens the release's notes (the feed's Markdown; a critical
/// release the card names first, when the feed gave its notes) in a
/// sheet over the card, and closing that sheet comes back to the card; `l` ("later"), Enter,
/// `q`, space or Esc goes on with the app. "Later" changes no state: the greeter records the
/// version as announced when it shows the card, so a card for an ordinary release does not come
/// back for that version (and no card or tip comes within the cooldown), while a card naming a
/// critical release comes back on the next launch, and every launch after, until the user runs
/// that version.
package struct UpdateAvailableScreen: Screen {
  package let appName: String
  /// The version running.
  package let current: AppVersion
  /// The newer version the feed names.
  package let available: AppVersion
  /// The release's date (`YYYY-MM-DD`), if the feed gives it.
  package let date: String?
  /// What to run to upgrade, if the app named it.
  package let upgradeCommand: String?
  /// The critical release the user lacks, if the feed marks one: the card says so, and comes
  /// back on every launch until the user runs it.
  package let critical: Critical?
  package var palette: Palette
  /// The release's notes as a sheet; nil when the feed has none (`n` is then disabled).
  private var notes: WhatsNewSheet?
  /// True while the notes sheet is open over the card.
  private var readingNotes = false
  private var size = (width: 80, height: 24)

  package init(
    appName: String, current: AppVersion, available: AppVersion, date: String? = nil,
    upgradeCommand: String? = nil, critical: Critical? = nil, notes: LineSource? = nil,
    criticalNotes: LineSource? = nil, palette: Palette = .dark
  ) {
    self.critical = critical
    self.appName = appName
    self.current = current
    self.available = available
    self.date = date
    self.upgradeCommand = upgradeCommand
    self.palette = palette
    // The critical release the card names comes first, then the newest (issue 47).
    var sections: [ReleaseSection] = []
    if let critical, let criticalNotes {
      sections.append(ReleaseSection(version: critical.version, notes: criticalNotes))
    }
    if let notes { sections.append(ReleaseSection(version: available, date: date, notes: notes)) }
    if let first = sections.first {
      var sheet = WhatsNewSheet(appName: appName, version: available, releases: sections, palette: palette)
      sheet.customTitle =
        sections.count > 1
        ? "\(appName) \(first.version) and \(available) release notes"
        : "\(appName) \(first.version) release notes"
      self.notes = sheet
    }
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    if case .resize(let width, let height) = event { size = (width, height) }
    if readingNotes, var sheet = notes {
      var effects = sheet.update(event)
      notes = sheet
      if effects.contains(.close) || effects.contains(.quit) {
        readingNotes = false
        effects.removeAll { $0 == .close || $0 == .quit }
      }
      return effects
    }
    switch event {
    case .key(Self.keys(hasNotes: notes != nil).notes):
      guard var sheet = notes else { return [] }
      readingNotes = true
      _ = sheet.update(.resize(width: size.width, height: size.height))
      notes = sheet
    case .key(Self.keys(hasNotes: notes != nil).dismiss):
      return [.close]
    case .resize(let width, let height):
      _ = notes?.update(.resize(width: width, height: height))
    case .key, .wheel, .tick:
      break
    }
    return []
  }

  package func draw(into canvas: inout Canvas) {
    if readingNotes, let notes {
      notes.draw(into: &canvas)
      return
    }
    let h = canvas.height
    canvas.bar(
      row: 0, left: "\(appName) \(available) is available", right: "you have \(current)",
      style: palette.titleBar, rightStyle: palette.titleBarDetail)
    canvas.card(style: palette.border) { width, _ in text(width: width) }
    canvas.footer(row: h - 1, bindings: footerBindings, right: "", palette: palette)
  }

  /// The card's keys.
  package struct Keys: Sendable {
    /// Opens the release's notes.
    package var notes: KeyBinding
    /// Upgrade later: goes on with the app (a critical card comes back on the next launch).
    package var dismiss = KeyBinding(
      [.char("l"), .enter, .char("q"), .char(" "), .escape],
      help: HelpEntry("l  q  Enter  space  Esc", "later"),
      footer: FooterHint("l", "later"), answer: TypedAnswer(["", "l", "q"], label: "later"))

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] { [notes, dismiss] }
  }

  /// The card's keys: `n` only when the feed gave notes.
  package static func keys(hasNotes: Bool) -> Keys {
    Keys(
      notes: KeyBinding(
        [.char("n")], help: HelpEntry("n", "read the release notes"), footer: FooterHint("n", "notes"),
        answer: TypedAnswer(["n"], label: "notes"), isEnabled: hasNotes))
  }

  package var bindings: [KeyBinding] {
    if readingNotes, let notes { return notes.bindings }
    return Self.keys(hasNotes: notes != nil).all.enabled
  }

  package var footerBindings: [KeyBinding] {
    if readingNotes, let notes { return notes.footerBindings }
    return Self.keys(hasNotes: notes != nil).all.enabled
  }

  package var legend: [HelpEntry] {
    if readingNotes, let notes { return notes.legend }
    return []
  }

  /// The card as text, or the notes while they are open.
  package var plainText: ScreenText? {
    if readingNotes, let notes { return notes.plainText }
    let card = self
    return ScreenText(identity: "update-available \(available)") { width in
      ScreenText.wrap("\(card.appName) \(card.available) is available, you have \(card.current)", width)
        + [StyledLine()] + card.text(width: width)
    }
  }

  package mutating func finishDeferredWork() -> Bool {
    guard readingNotes, var sheet = notes else { return false }
    let changed = sheet.finishDeferredWork()
    notes = sheet
    return changed
  }

  /// A critical release the card names: its version and why it matters.
  package struct Critical: Sendable, Equatable {
    package var version: AppVersion
    /// The release's own words, as its feed gave them; the card shows ``oneLine(_:)`` of
    /// them, quoted and attributed to the release.
    package var summary: String?

    package init(version: AppVersion, summary: String?) {
      self.version = version
      self.summary = summary
    }

    /// The longest summary shown, in characters (a longer one is cut, ending in `…`).
    package static let summaryLimit = 100

    /// A summary as the card shows it: its first line, terminal controls neutralised, at most
    /// ``summaryLimit`` characters, double quotes made single (so it cannot close its quote);
    /// a summary cut (longer, or of more lines) ends in `…`.
    package static func oneLine(_ text: String) -> String {
      let lines = text.split(whereSeparator: \.isNewline)
      let line = lines.first.map(String.init) ?? ""
      let clean = Sanitizer.sanitize(line, expandingTabs: true).replacing(text: "\"", with: "'")
      if clean.count > summaryLimit { return String(clean.prefix(summaryLimit - 1)) + "…" }
      return lines.count > 1 ? String(clean.prefix(summaryLimit - 1)) + "…" : clean
    }
  }

  // MARK: - Helpers

  /// The card's text at `width`: what is new, how to upgrade, and last, after a blank line,
  /// what a critical release says of itself, quoted and attributed to it (`2.0.1 says: "…"`):
  /// the feed's words never stand between the card's own and the command, nor read as them.
  private func text(width: Int) -> [StyledLine] {
    var lines = ScreenText.wrap(
      "\(appName) \(available) is available" + (date.map { " (released \($0))" } ?? "")
        + "; you have \(current).", width)
    if let critical {
      lines.append(StyledLine())
      lines += TextWrapper.wrap(
        StyledLine("Critical update \(critical.version).", style: palette.error), width: width)
    }
    if let upgradeCommand {
      lines.append(StyledLine())
      lines += ScreenText.wrap("To upgrade, run:", width)
      lines += TextWrapper.wrap(
        StyledLine("  " + Sanitizer.sanitize(upgradeCommand), style: palette.accent), width: width)
    }
    if let critical, let summary = critical.summary.map(Critical.oneLine), !summary.isEmpty {
      lines.append(StyledLine())
      lines += TextWrapper.wrap(
        StyledLine("\(critical.version) says: \"\(summary)\"", style: palette.dim), width: width)
    }
    return lines
  }
}
