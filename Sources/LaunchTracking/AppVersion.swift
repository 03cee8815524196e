/// A version of the host app, ordered by Semantic Versioning 2.0.0 precedence.
///
/// PLACEHOLDER: the launch-tracking work replaces this file.
public struct AppVersion: Sendable, Hashable {
  public var text: String
  public init(_ text: String) { self.text = text }
}
