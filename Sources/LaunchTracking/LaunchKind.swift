/// How a launch relates to the previous one. Every launch is exactly one kind.
public enum LaunchKind: String, Sendable, Codable, CaseIterable {
  /// No state existed for this app (or it was corrupt and has been reset).
  case first
  /// The previous launch ran an older version.
  case upgrade
  /// The previous launch ran a newer version.
  case downgrade
  /// Same version, and the previous launch was at least the returning threshold ago.
  case returning
  /// Anything else.
  case regular
}
