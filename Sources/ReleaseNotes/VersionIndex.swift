import LaunchTracking

/// The notes files of a content directory, sorted by version: what a range, the version
/// list or "the newest release" needs. Built from file names alone (no file is read).
package struct VersionIndex: Sendable {
  /// One entry per version, oldest first.
  package let entries: [ReleaseNotesCatalog.Entry]
  /// Files that spell a version another file also spells (`1.2.md` beside `1.2.0.md`): the
  /// entry in ``entries`` is the one kept, `others` are ignored.
  package let duplicates: [(kept: String, others: [String])]
  /// `.md` names that are not a version, with the parse error.
  package let invalidNames: [(name: String, error: AppVersion.ParseError)]

  init(names: [String]) {
    var parsed: [ReleaseNotesCatalog.Entry] = []
    var invalid: [(String, AppVersion.ParseError)] = []
    for name in names {
      do {
        let version = try AppVersion(parsing: String(name.dropLast(3)))
        parsed.append(.init(version: version, fileName: name))
      } catch {
        invalid.append((name, error))
      }
    }
    // Files that spell one version (`1.2.md`, `1.2.0.md`) form one group; each group keeps one.
    let groups = Dictionary(grouping: parsed, by: \.version).values.sorted { $0[0].version < $1[0].version }
    var entries: [ReleaseNotesCatalog.Entry] = []
    var duplicates: [(String, [String])] = []
    for group in groups {
      guard let kept = Self.preferred(group) else { continue }
      entries.append(kept)
      if group.count > 1 {
        duplicates.append((kept.fileName, group.map(\.fileName).filter { $0 != kept.fileName }.sorted()))
      }
    }
    self.entries = entries
    self.duplicates = duplicates.sorted { $0.0 < $1.0 }
    self.invalidNames = invalid.sorted { $0.0 < $1.0 }
  }

  /// The versions, oldest first.
  package var versions: [AppVersion] { entries.map(\.version) }

  /// The newest version that is not a pre-release.
  package var newestRelease: AppVersion? { entries.last(where: { !$0.version.isPrerelease })?.version }

  /// The newest version older than `version` that is not a pre-release: the release an
  /// upgrade to `version` comes from, for ``ReleaseImportance/implied(from:to:)``.
  package func previousRelease(before version: AppVersion) -> AppVersion? {
    entries.last(where: { $0.version < version && !$0.version.isPrerelease })?.version
  }

  /// The newest version of all.
  package var newest: AppVersion? { entries.last?.version }

  /// Entries in the ``ReleaseRange`` `from < v <= to`, newest first (pre-releases are left
  /// out when `to` is a release).
  package func entries(after from: AppVersion?, upTo to: AppVersion) throws(ReleaseNotesError)
    -> [ReleaseNotesCatalog.Entry]
  {
    let range = ReleaseRange(after: from, upTo: to)
    if let from, range.isInverted { throw .invalidRange(from: from, to: to) }
    return entries.reversed().filter { range.contains($0.version) }
  }

  /// Of several files for one version, the one whose name is the canonical spelling, else
  /// the first by name.
  static func preferred<Group: Collection<ReleaseNotesCatalog.Entry>>(_ group: Group)
    -> ReleaseNotesCatalog.Entry?
  {
    if group.count == 1 { return group.first }
    if let exact = group.first(where: { $0.fileName == $0.version.canonical + ".md" }) { return exact }
    return group.min { $0.fileName < $1.fileName }
  }
}
