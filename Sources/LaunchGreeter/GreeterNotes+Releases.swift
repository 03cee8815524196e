import LaunchTracking
import ReleaseNotes

extension GreeterNotes {
  /// The releases newer than `since` up to `until` (default: the newest release) as JSON, for
  /// a script or an AI coding agent that cannot see the screen (`mytool whats-new --json`).
  ///
  /// Newest first, critical releases first; a release below `minimumImportance` (its
  /// `importance:`, else the one its version bump implies) is left out, a critical one never.
  /// Each release gives `version`, `date` (when its notes have one), `title`, `importance`,
  /// `critical`, `breaking`, `summary` (when given) and its Markdown body (`markdown`); the
  /// notes are read in their default language. `whatsnew notes --since` prints the same JSON.
  ///
  /// ```swift
  /// print(try GreeterNotes.compiledIn(CompiledNotes.all).releaseNotesJSON(since: installed))
  /// ```
  public func releaseNotesJSON(
    since: AppVersion, until: AppVersion? = nil, minimumImportance: ReleaseImportance = .patch
  ) throws(GreeterProblem) -> String {
    let releases = try agentReleases(since: since, until: until, minimumImportance: minimumImportance)
    return AgentNotes.json(releases, since: since)
  }

  /// The same releases as ``releaseNotesJSON(since:until:minimumImportance:)`` as one Markdown
  /// document (each release under a level-1 heading), or, with `digest`, one short Markdown
  /// block: one line per release (its `summary:`, else its title), breaking and critical
  /// releases flagged, for an agent's context.
  public func releaseNotesMarkdown(
    since: AppVersion, until: AppVersion? = nil, minimumImportance: ReleaseImportance = .patch,
    digest: Bool = false
  ) throws(GreeterProblem) -> String {
    let releases = try agentReleases(since: since, until: until, minimumImportance: minimumImportance)
    return digest ? AgentNotes.digest(releases, since: since) : AgentNotes.markdown(releases)
  }

  private func agentReleases(
    since: AppVersion, until: AppVersion?, minimumImportance: ReleaseImportance
  ) throws(GreeterProblem) -> [AgentNotes.Release] {
    do {
      let catalog = try self.catalog(origin: "the compiled-in notes")
      return try AgentNotes.releases(
        in: catalog, since: since, until: until, minimumImportance: minimumImportance)
    } catch {
      throw GreeterProblem(error)
    }
  }
}

/// The notes an agent or a script reads (`notes --since`, ``GreeterNotes/releaseNotesJSON(since:until:minimumImportance:)``):
/// which releases, and their JSON, Markdown and digest forms.
package enum AgentNotes {
  /// One release as an agent reads it.
  package struct Release: Sendable, Equatable, Encodable {
    package var version: String
    package var date: String?
    package var title: String?
    /// The declared importance, else the one the version bump implies.
    package var importance: String
    package var critical: Bool
    /// A new major version, or notes with a `Breaking…` or `Removed` section.
    package var breaking: Bool
    package var summary: String?
    /// A critical release's mark (`critical-label:`, else "Security").
    package var mark: String?
    package var markdown: String
  }

  /// The releases after `since` up to `until` (default: the newest release; pre-releases only
  /// when `until` is one) that reach `minimumImportance` or are critical: newest first, the
  /// critical ones first (``WhatsNewRules/criticalFirst(_:isCritical:)``).
  package static func releases(
    in catalog: ReleaseNotesCatalog, since: AppVersion, until: AppVersion?,
    minimumImportance: ReleaseImportance
  ) throws(ReleaseNotesError) -> [Release] {
    let index = try catalog.index()
    guard let end = until ?? index.newestRelease ?? index.newest else {
      throw .noReleaseNotes(directory: catalog.directory)
    }
    let texts = try catalog.noteTexts(try index.entries(after: since, upTo: end))
    let releases = texts.compactMap { text -> Release? in
      let importance = ReleaseNotesCatalog.effectiveImportance(
        of: text.version, declared: text.importance, in: index)
      guard text.isCritical || importance >= minimumImportance else { return nil }
      let bump = ReleaseImportance.implied(
        from: index.previousRelease(before: text.version), to: text.version)
      return Release(
        version: text.version.description, date: text.date, title: text.title,
        importance: importance.rawValue,
        critical: text.isCritical, breaking: bump == .major || hasBreakingSection(text.markdown),
        summary: text.summary, mark: text.criticalMark, markdown: text.markdown)
    }
    return WhatsNewRules.criticalFirst(releases) { $0.critical }
  }

  /// `{"since": …, "releases": […]}`, pretty-printed with sorted keys.
  package static func json(_ releases: [Release], since: AppVersion) -> String {
    struct Document: Encodable {
      var since: String
      var releases: [Release]
    }
    let document = Document(since: since.description, releases: releases)
    let bytes = (try? StateJSONEncoder(escapingSlashes: false).encode(document)) ?? []
    return String(decoding: bytes, as: UTF8.self) + "\n"
  }

  /// One Markdown document: each release under `# VERSION — TITLE`, a line with its date and
  /// importance, a critical release's summary in bold, then its notes.
  package static func markdown(_ releases: [Release]) -> String {
    releases.map { release in
      var text = "# " + heading(release) + "\n\n"
      var facts = release.date.map { ["Released " + $0] } ?? []
      facts.append(release.critical ? "critical (\(release.mark ?? "Security"))" : release.importance)
      if release.breaking { facts.append("breaking") }
      text += "_" + facts.joined(separator: " · ") + "_\n\n"
      if release.critical, let summary = release.summary { text += "**" + summary + "**\n\n" }
      let body = release.markdown.drop(while: { $0 == "\n" }).description.trimmingTrailingNewlines
      return body.isEmpty ? text : text + body + "\n\n"
    }.joined().trimmingTrailingNewlines + "\n"
  }

  /// One short block: a line naming the range, then one bullet per release with its summary
  /// (else its title), critical and breaking releases flagged in bold.
  package static func digest(_ releases: [Release], since: AppVersion) -> String {
    let count = releases.count == 1 ? "1 release" : "\(releases.count) releases"
    var lines = ["**Changes since \(since)** (\(count), critical first, then newest first):", ""]
    for release in releases {
      var line = "- **\(release.version)**"
      if let date = release.date { line += " (\(date))" }
      if release.critical { line += " **Critical (\(release.mark ?? "Security")):**" }
      if release.breaking { line += " **Breaking:**" }
      line += " " + (release.summary ?? release.title ?? "no summary")
      lines.append(line)
    }
    if releases.isEmpty { lines.append("- Nothing newer.") }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func heading(_ release: Release) -> String {
    release.title.map { "\(release.version) — \($0)" } ?? release.version
  }

  /// True when a heading of the notes (outside code) starts with "Breaking" or is "Removed".
  private static func hasBreakingSection(_ markdown: String) -> Bool {
    var inFence = false
    for line in markdown.split(separator: "\n") {
      if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let title = line.drop(while: { $0 == "#" }).drop(while: { $0 == " " }).lowercased()
      if title.hasPrefix("breaking") || title == "removed" { return true }
    }
    return false
  }
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.last == "\n" || text.last == " " { text.removeLast() }
    return text
  }
}
