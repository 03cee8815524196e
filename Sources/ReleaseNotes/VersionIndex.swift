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
    // Sorted, then grouped by runs of equal versions: no dictionary keyed by `AppVersion`,
    // whose first use costs a scan of every protocol conformance in the binary (about 0.25M
    // instructions, on every launch that indexes Content/).
    var parsed: [ReleaseNotesCatalog.Entry] = []
    parsed.reserveCapacity(names.count)
    var invalid: [(String, AppVersion.ParseError)] = []
    for name in names {
      do {
        let version = try AppVersion(parsing: String(name.dropLast(3)))
        parsed.append(.init(version: version, fileName: name))
      } catch {
        invalid.append((name, error))
      }
    }
    // Sorted as indices by the version's numbers, plain integers; only entries with the same
    // numbers compare whole versions and names. Sorting the entries themselves copied (retained
    // and released) their strings and arrays for every comparison: 0.31 M instructions for 45
    // names, against 0.03 M this way.
    let numbers = parsed.map { ($0.version.major, $0.version.minor, $0.version.patch, $0.version.revision) }
    var order = Array(parsed.indices)
    order.sort { i, j in
      if numbers[i] != numbers[j] { return numbers[i] < numbers[j] }
      let a = parsed[i]
      let b = parsed[j]
      return a.version < b.version || (a.version == b.version && a.fileName < b.fileName)
    }
    var entries: [ReleaseNotesCatalog.Entry] = []
    entries.reserveCapacity(parsed.count)
    var duplicates: [(String, [String])] = []
    var start = 0
    while start < order.count {
      // Equal versions have equal numbers: only those are compared whole.
      var end = start + 1
      while end < order.count && numbers[order[end]] == numbers[order[start]]
        && parsed[order[end]].version == parsed[order[start]].version
      {
        end += 1
      }
      if end == start + 1 {
        entries.append(parsed[order[start]])
      } else {
        let group = order[start..<end].map { parsed[$0] }
        if let kept = Self.preferred(group) {
          entries.append(kept)
          duplicates.append((kept.fileName, group.map(\.fileName).filter { $0 != kept.fileName }))
        }
      }
      start = end
    }
    self.entries = entries
    // (Sorting an empty array still costs its metadata the first time.)
    self.duplicates = duplicates.isEmpty ? [] : duplicates.sorted { $0.0 < $1.0 }
    self.invalidNames = invalid.isEmpty ? [] : invalid.sorted { $0.0 < $1.0 }
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
