/// The version of the `whatsnew` tool: `whatsnew --version` (and `-V`) print it,
/// `scripts/package` names the packages after it, and `CHANGELOG.md`'s newest release must be
/// it (`VersionTests`).
enum WhatsNewVersion {
  static let current = "1.1.0"
}
