/// Link reference definitions by normalised label, while parsing.
///
/// A changelog declares hundreds of definitions and refers to them hundreds of times, so the
/// labels are kept in a ``StringTable`` rather than a `[String: LinkDefinition]`, whose hashing
/// and growth cost several times more per label. The document's dictionary is made once, at
/// its final size, by ``dictionary()``.
struct DefinitionTable {
  /// The labels; the definition of label `i` is `definitions[i]`.
  private var labels = StringTable()
  private var definitions: [LinkDefinition] = []

  var isEmpty: Bool { labels.isEmpty }

  /// The definition for normalised `label`, if any.
  func definition(for label: String) -> LinkDefinition? {
    labels.index(of: label).map { definitions[$0] }
  }

  /// Adds `definition` for normalised `label` unless the label already has one (the first
  /// definition wins). `definition` is only evaluated when it is added.
  mutating func addIfAbsent(_ label: String, _ definition: () -> LinkDefinition) {
    if labels.insert(label).added { definitions.append(definition()) }
  }

  /// The definitions as the document keeps them.
  func dictionary() -> [String: LinkDefinition] {
    var out: [String: LinkDefinition] = [:]
    out.reserveCapacity(labels.count)
    for (label, definition) in zip(labels.keys, definitions) { out[label] = definition }
    return out
  }
}
