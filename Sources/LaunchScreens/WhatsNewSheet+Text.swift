import TerminalRendering

extension WhatsNewSheet {
  /// The sheet as text: the title, the releases covered, the greeting, then every release
  /// (a brief one by its heading alone); while collapsed, the newest release and a line on the
  /// earlier ones, which the expanded sheet's ``ScreenText/continuation`` adds below it.
  package var plainText: ScreenText? {
    let sheet = self
    let shown = isCollapsed ? Array(releases.prefix(collapsedCount)) : releases
    return ScreenText(
      identity: "whats-new \(version)" + (isCollapsed ? " collapsed" : ""),
      lines: { width in
        var lines = ScreenText.wrap(sheet.title, width)
        let versions = sheet.releases.map(\.version.description)
        if sheet.releases.count > 1 {
          lines += ScreenText.wrap("\(versions.count) releases: \(versions.joined(separator: ", ")).", width)
        }
        if let greeting = sheet.greeting { lines += [StyledLine()] + greeting.lines(width: width) }
        lines += Self.text(of: shown, width)
        if sheet.isCollapsed {
          let earlier = sheet.releases.count - shown.count
          let what = earlier == 1 ? "1 earlier release is" : "\(earlier) earlier releases are"
          lines += [StyledLine()] + ScreenText.wrap("\(what) not shown; e shows them.", width)
        } else {
          lines += [StyledLine()] + ScreenText.wrap("End of the release notes.", width)
        }
        return lines
      },
      continues: "whats-new \(version) collapsed",
      continuation: { width in
        Array(
          Self.text(of: Array(sheet.releases.dropFirst(sheet.collapsedCount)), width).drop(while: {
            $0.runs.isEmpty
          }))
          + [StyledLine()] + ScreenText.wrap("End of the release notes.", width)
      })
  }

  // MARK: - Helpers

  /// Each release's heading and notes; a brief release's heading alone, and a run of brief
  /// releases without blank lines between them.
  private static func text(of releases: [ReleaseSection], _ width: Int) -> [StyledLine] {
    var lines: [StyledLine] = []
    var previousWasBrief = false
    for release in releases {
      if release.isBrief {
        if !previousWasBrief { lines.append(StyledLine()) }
        lines += ScreenText.wrap(spokenHeading(release), width)
      } else {
        lines +=
          [StyledLine()] + ScreenText.wrap(spokenHeading(release), width) + [StyledLine()]
          + release.notes.lines(width: width)
      }
      previousWasBrief = release.isBrief
    }
    return lines
  }

  /// `2.0.0: Tally 2, released 2026-02-16`, as much as is known (after `[Security] ` for a
  /// critical release).
  private static func spokenHeading(_ release: ReleaseSection) -> String {
    var text = release.markPrefix + release.version.description
    if release.isPrerelease { text += " (pre-release)" }
    if let title = release.title, !title.isEmpty { text += ": \(title)" }
    if let date = release.date, !date.isEmpty { text += ", released \(date)" }
    if let detail = release.detail, !detail.isEmpty { text += " (\(detail))" }
    return text
  }
}
