/// `Encodable` values written as JSON through ``StateJSON``'s serializer, without
/// Foundation's `JSONEncoder` (see ``StateJSONDecoder``). The bytes are those of
/// `JSONEncoder` with `.sortedKeys`, and `.prettyPrinted` when ``pretty`` is set (two spaces a
/// level, `" : "`): `nil` written with `encode` is `null` (with `encodeIfPresent`, absent), a
/// whole `Double` is written without `.0` (`1`, `1.5`, `1e+20`), a `/` is `\/` unless
/// ``escapingSlashes`` is off (`.withoutEscapingSlashes`), control characters are `\n`-style
/// or `\u00XX`, everything else is the UTF-8 itself. A number that is not finite throws
/// `EncodingError.invalidValue`.
package struct StateJSONEncoder: Sendable {
  /// Pretty-printed (`.prettyPrinted`), else all on one line.
  package var pretty: Bool
  /// `/` written as `\/`, as `JSONEncoder` writes it by default.
  package var escapingSlashes: Bool

  package init(pretty: Bool = true, escapingSlashes: Bool = true) {
    self.pretty = pretty
    self.escapingSlashes = escapingSlashes
  }

  /// The JSON text of `value`, without a trailing newline.
  package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    try encodeValue(value).serialized(pretty: pretty, escapingSlashes: escapingSlashes)
  }

  /// `value` as a ``StateJSON`` value.
  package func encodeValue<T: Encodable>(_ value: T) throws -> StateJSON {
    let node = JSONNode()
    try value.encode(to: JSONValueEncoder(node: node, codingPath: []))
    return node.json
  }
}

/// A value being encoded: containers hold their children as nodes and fill them in later.
/// It holds one of a value, an object's fields or an array's elements; a new node is an empty
/// object (what a value that encodes nothing is, as in `JSONEncoder`).
private final class JSONNode {
  var value = StateJSON.null
  var fields: [String: JSONNode]? = [:]
  var items: [JSONNode]?

  var json: StateJSON {
    if let items { return .array(items.map(\.json)) }
    if let fields { return .object(fields.mapValues(\.json)) }
    return value
  }

  func set(_ value: StateJSON) {
    self.value = value
    fields = nil
    items = nil
  }

  func makeObject() {
    guard fields == nil else { return }
    items = nil
    fields = [:]
  }

  func makeArray() {
    guard items == nil else { return }
    fields = nil
    items = []
  }

  /// The child node at `key`, replacing any there.
  func field(_ key: String) -> JSONNode {
    makeObject()
    let child = JSONNode()
    fields?[key] = child
    return child
  }

  /// A new last element.
  func append() -> JSONNode {
    makeArray()
    let child = JSONNode()
    items?.append(child)
    return child
  }
}

/// An encoder writing into one node.
private struct JSONValueEncoder: Encoder {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// `value` encoded into a child `node` at `path`.
  static func encode<T: Encodable>(_ value: T, into node: JSONNode, at path: [any CodingKey]) throws {
    try JSONValueEncoder(node: node, codingPath: path).encode(value)
  }
}

extension JSONValueEncoder: SingleValueEncodingContainer {
  func encodeNil() { node.set(.null) }
  func encode(_ value: Bool) { node.set(.bool(value)) }
  func encode(_ value: String) { node.set(.string(value)) }
  func encode(_ value: Double) throws { try float(value) }
  func encode(_ value: Float) throws { try float(value) }
  func encode(_ value: Int) { integer(value) }
  func encode(_ value: Int8) { integer(value) }
  func encode(_ value: Int16) { integer(value) }
  func encode(_ value: Int32) { integer(value) }
  func encode(_ value: Int64) { integer(value) }
  func encode(_ value: UInt) { integer(value) }
  func encode(_ value: UInt8) { integer(value) }
  func encode(_ value: UInt16) { integer(value) }
  func encode(_ value: UInt32) { integer(value) }
  func encode(_ value: UInt64) { integer(value) }
  func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }

  private func integer<T: FixedWidthInteger>(_ value: T) { node.set(.number(String(value))) }

  /// Swift's shortest form, a whole number without its `.0` (as `JSONEncoder` writes it).
  private func float<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    node.set(.number(text))
  }
}

/// An object's fields.
private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONNode
  let codingPath: [any CodingKey]

  private func put<T: Encodable>(_ value: T, _ key: Key) throws {
    try JSONValueEncoder.encode(value, into: node.field(key.stringValue), at: codingPath + [key])
  }

  mutating func encodeNil(forKey key: Key) { node.field(key.stringValue).set(.null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    JSONValueEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key]).container(
      keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    JSONValueEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    JSONValueEncoder(
      node: node.field("super"), codingPath: codingPath + [JSONCodingKey(stringValue: "super")])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    JSONValueEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key])
  }
}

/// An array's elements, appended in order.
private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  private(set) var count = 0

  init(node: JSONNode, codingPath: [any CodingKey]) {
    self.node = node
    self.codingPath = codingPath
    count = node.items?.count ?? 0
  }

  /// The encoder of a new last element.
  private mutating func next() -> JSONValueEncoder {
    let path = codingPath + [JSONCodingKey(intValue: count)]
    count += 1
    return JSONValueEncoder(node: node.append(), codingPath: path)
  }

  mutating func encodeNil() { next().encodeNil() }
  mutating func encode(_ value: Bool) { next().encode(value) }
  mutating func encode(_ value: String) { next().encode(value) }
  mutating func encode(_ value: Double) throws { try next().encode(value) }
  mutating func encode(_ value: Float) throws { try next().encode(value) }
  mutating func encode(_ value: Int) { next().encode(value) }
  mutating func encode(_ value: Int8) { next().encode(value) }
  mutating func encode(_ value: Int16) { next().encode(value) }
  mutating func encode(_ value: Int32) { next().encode(value) }
  mutating func encode(_ value: Int64) { next().encode(value) }
  mutating func encode(_ value: UInt) { next().encode(value) }
  mutating func encode(_ value: UInt8) { next().encode(value) }
  mutating func encode(_ value: UInt16) { next().encode(value) }
  mutating func encode(_ value: UInt32) { next().encode(value) }
  mutating func encode(_ value: UInt64) { next().encode(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try next().encode(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    next().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }

  mutating func superEncoder() -> any Encoder { next() }
}
