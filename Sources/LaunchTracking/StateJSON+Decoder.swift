/// `Decodable` types read from JSON through ``StateJSON``'s parser, without Foundation's
/// `JSONDecoder` (whose code is about 7 MB of the static greeting executable the wrappers
/// carry, docs/release-build.md). It decodes as `JSONDecoder` does with its default
/// strategies: the same `DecodingError`s and coding paths (`keyNotFound` at the container's
/// path, `typeMismatch` at the value's), a whole number from `1`, `1.0` or `1e2` but not
/// `1.5`, a number too big for its type refused. The text must pass ``StateJSON/parse(_:)``,
/// which is stricter than `JSONDecoder`: a repeated key, a byte order mark or nesting deeper
/// than ``StateJSON/maximumDepth`` is not JSON here.
package struct StateJSONDecoder: Sendable {
  package init() {}

  /// The value of type `T` in the JSON text `bytes`; text that is not JSON throws
  /// `DecodingError.dataCorrupted` at the top level.
  package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    let value: StateJSON
    do {
      value = try StateJSON.parse(bytes)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "not JSON: \(error)", underlyingError: error))
    }
    return try decode(type, from: value)
  }

  /// The value of type `T` that `value` holds.
  package func decode<T: Decodable>(_ type: T.Type, from value: StateJSON) throws -> T {
    try T(from: JSONValueDecoder(value: value, codingPath: []))
  }
}

/// A key of an array element or of a dictionary's entry, in a coding path.
struct JSONCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    self.stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}

/// A decoder over one value: the containers below hand out one for each value they hold.
private struct JSONValueDecoder: Decoder {
  let value: StateJSON
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let fields) = value else {
      throw JSONValueDecoder.mismatch([String: Any].self, value, codingPath)
    }
    return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else {
      throw JSONValueDecoder.mismatch([Any].self, value, codingPath)
    }
    return UnkeyedContainer(items: items, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  static func mismatch(_ type: Any.Type, _ value: StateJSON, _ path: [any CodingKey]) -> DecodingError {
    let found: String
    switch value {
    case .object: found = "an object"
    case .array: found = "an array"
    case .string: found = "a string"
    case .number: found = "a number"
    case .bool: found = "a boolean"
    case .null:
      return .valueNotFound(
        type, .init(codingPath: path, debugDescription: "Expected \(type) but found null."))
    }
    return .typeMismatch(
      type, .init(codingPath: path, debugDescription: "Expected \(type) but found \(found)."))
  }
}

extension JSONValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let bool) = value else { throw Self.mismatch(type, value, codingPath) }
    return bool
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = value else { throw Self.mismatch(type, value, codingPath) }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double { try float(type) }
  func decode(_ type: Float.Type) throws -> Float { try float(type) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

  /// A whole number, as `JSONDecoder` reads one: its digits, or a number with a fraction or
  /// exponent whose value is whole (`1.0`, `1e2`), that fits `T`.
  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard case .number(let text) = value else { throw Self.mismatch(type, value, codingPath) }
    if let number = T(text) { return number }
    if let double = Double(text), let number = T(exactly: double) { return number }
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "Number \(text) is not representable in \(type)."))
  }

  /// A finite number that fits `T`.
  private func float<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
    guard case .number(let text) = value else { throw Self.mismatch(type, value, codingPath) }
    guard let number = T(text), number.isFinite else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "Number \(text) is not representable in \(type)."))
    }
    return number
  }
}

/// An object's fields, by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let fields: [String: StateJSON]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

  /// The decoder of the field at `key`; `keyNotFound` (at this container's path) when absent.
  private func field(_ key: Key) throws -> JSONValueDecoder {
    guard let value = fields[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
    }
    return JSONValueDecoder(value: value, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try field(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(key).decode(type) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try field(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try field(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { try field(Key(stringValue: "super") ?? missingSuper()) }
  func superDecoder(forKey key: Key) throws -> any Decoder { try field(key) }

  private func missingSuper() throws -> Key {
    throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No \"super\" key."))
  }
}

/// An array's elements, in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let items: [StateJSON]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(items: [StateJSON], codingPath: [any CodingKey]) {
    self.items = items
    self.codingPath = codingPath
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  /// The decoder of the next element, moving past it; `valueNotFound` after the last.
  private mutating func next<T>(_ type: T.Type) throws -> JSONValueDecoder {
    let path = codingPath + [JSONCodingKey(intValue: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, .init(codingPath: path, debugDescription: "The array has ended."))
    }
    defer { currentIndex += 1 }
    return JSONValueDecoder(value: items[currentIndex], codingPath: path)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next(type).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}
