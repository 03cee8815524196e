/// Notes for Tally's releases after 1.0.0 that the critical-release tests share, on the sheet
/// (`CriticalReleaseTests`) and in a terminal (`CriticalReleaseTmuxTests`).
package enum CriticalReleaseNotes {
  /// 1.0.2, a critical patch release (marked "Security" by default) with its summary.
  package static let tokenFix = """
    ---
    title: Token fix
    importance: critical
    summary: Saved tokens were written to the log; upgrade and rotate them.
    ---

    The log no longer holds saved tokens.
    """

  /// 1.1.0, a minor release.
  package static let totals = "---\ntitle: Totals\n---\n\nA total line sums every count.\n"
}
