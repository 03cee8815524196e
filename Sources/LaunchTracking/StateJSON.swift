/// A JSON value, as the state file and the `state`/`history` reports hold it.
///
/// `parse(_:)` reads any JSON text (RFC 8259: escapes, surrogate pairs, every number form)
/// but refuses what a state file never holds and a careful reader should not guess at: a
/// repeated key, a byte order mark, nesting deeper than ``maximumDepth``, invalid UTF-8.
/// ``serialized()`` writes it pretty-printed with sorted keys, two spaces per level and
/// `" : "` between key and value. Numbers keep their text.
package enum StateJSON: Sendable, Equatable {
  case object([String: StateJSON])
  case array([StateJSON])
  case string(String)
  /// A number, as written (`-12`, `1.5e3`).
  case number(String)
  case bool(Bool)
  case null

  /// How deep arrays and objects may nest.
  package static let maximumDepth = 64

  /// Why a text is not JSON: what, and where: at which byte (0-based), line and column.
  package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package var problem: String
    /// The byte offset where it was found.
    package var offset: Int
    /// The line of ``offset``, from 1 (a line ends at a line feed).
    package var line: Int
    /// The column of ``offset`` in its line, from 1, in characters (Unicode scalars, so a
    /// line's UTF-8 is not counted byte by byte).
    package var column: Int

    /// `problem` at `offset` of `bytes`, its line and column counted there: only when the
    /// text is refused, so a valid text costs nothing more.
    package init(problem: String, offset: Int, in bytes: [UInt8]) {
      self.problem = problem
      self.offset = offset
      var line = 1
      var column = 1
      for byte in bytes.prefix(offset) {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      (self.line, self.column) = (line, column)
    }

    package var description: String { "\(problem) at byte \(offset)" }

    /// Where, for a reader's line about a file: `line 3, column 14`.
    package var position: String { "line \(line), column \(column)" }
  }

  /// The value of the JSON text `bytes`.
  package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> StateJSON {
    var parser = Parser(bytes: bytes)
    return try parser.document()
  }

  /// A whole number: `.number` holding an integer (no fraction or exponent) that fits `Int`.
  package var int: Int? {
    guard case .number(let text) = self else { return nil }
    return Int(text)
  }

  /// The text of a `.string`.
  package var string: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// The text, keys sorted, no trailing newline: pretty-printed (two spaces a level,
  /// `" : "`), or on one line without spaces when `pretty` is false; `/` written as `\/`
  /// when `escapingSlashes` is set (as Foundation's `JSONEncoder` does by default).
  package func serialized(pretty: Bool = true, escapingSlashes: Bool = false) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(2_048)
    write(into: &out, level: pretty ? 0 : nil, escapingSlashes: escapingSlashes)
    return out
  }

  // MARK: - Helpers

  /// Writes the value at nesting `level`, or on one line when `level` is nil.
  private func write(into out: inout [UInt8], level: Int?, escapingSlashes: Bool) {
    switch self {
    case .object(let fields):
      out.append(UInt8(ascii: "{"))
      for (n, key) in fields.keys.sorted().enumerated() {
        Self.separate(&out, first: n == 0, level: level.map { $0 + 1 })
        Self.writeString(key, into: &out, escapingSlashes: escapingSlashes)
        out += level == nil ? [UInt8(ascii: ":")] : Array(" : ".utf8)
        fields[key]?.write(into: &out, level: level.map { $0 + 1 }, escapingSlashes: escapingSlashes)
      }
      Self.close(&out, UInt8(ascii: "}"), empty: fields.isEmpty, level: level)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (n, item) in items.enumerated() {
        Self.separate(&out, first: n == 0, level: level.map { $0 + 1 })
        item.write(into: &out, level: level.map { $0 + 1 }, escapingSlashes: escapingSlashes)
      }
      Self.close(&out, UInt8(ascii: "]"), empty: items.isEmpty, level: level)
    case .string(let text): Self.writeString(text, into: &out, escapingSlashes: escapingSlashes)
    case .number(let text): out += Array(text.utf8)
    case .bool(let value): out += Array((value ? "true" : "false").utf8)
    case .null: out += Array("null".utf8)
    }
  }

  /// What comes before a member: a comma after the first, and a new line indented to `level`.
  private static func separate(_ out: inout [UInt8], first: Bool, level: Int?) {
    if !first { out.append(UInt8(ascii: ",")) }
    guard let level else { return }
    out.append(0x0A)
    indent(&out, level)
  }

  /// The closing bracket of a container at `level`: on its own line, after an empty one
  /// when the container is empty (as `JSONEncoder` writes `[\n\n]`).
  private static func close(_ out: inout [UInt8], _ bracket: UInt8, empty: Bool, level: Int?) {
    if let level {
      if empty { out.append(0x0A) }
      out.append(0x0A)
      indent(&out, level)
    }
    out.append(bracket)
  }

  private static func indent(_ out: inout [UInt8], _ level: Int) {
    for _ in 0..<level { out += [0x20, 0x20] }
  }

  private static func writeString(_ text: String, into out: inout [UInt8], escapingSlashes: Bool) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += [0x5C, UInt8(ascii: "\"")]
      case 0x5C: out += [0x5C, 0x5C]
      case UInt8(ascii: "/") where escapingSlashes: out += [0x5C, UInt8(ascii: "/")]
      case 0x0A: out += [0x5C, UInt8(ascii: "n")]
      case 0x0D: out += [0x5C, UInt8(ascii: "r")]
      case 0x09: out += [0x5C, UInt8(ascii: "t")]
      case 0x08: out += [0x5C, UInt8(ascii: "b")]
      case 0x0C: out += [0x5C, UInt8(ascii: "f")]
      case 0..<0x20:
        out += Array("\\u00".utf8)
        out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// A recursive-descent parser, its depth capped by ``maximumDepth``.
  private struct Parser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(SyntaxError) -> StateJSON {
      if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
        throw fail("a byte order mark")
      }
      let value = try self.value()
      skipWhitespace()
      guard i == bytes.count else { throw fail("text after the value") }
      return value
    }

    private func fail(_ problem: String) -> SyntaxError {
      SyntaxError(problem: problem, offset: i, in: bytes)
    }

    private mutating func skipWhitespace() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
        i += 1
      }
    }

    private mutating func value() throws(SyntaxError) -> StateJSON {
      skipWhitespace()
      guard i < bytes.count else { throw fail("the text ends where a value should be") }
      switch bytes[i] {
      case UInt8(ascii: "{"): return try object()
      case UInt8(ascii: "["): return try array()
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw fail("an unexpected character")
      }
    }

    private mutating func literal(_ word: StaticString, _ value: StateJSON) throws(SyntaxError) -> StateJSON {
      let count = word.utf8CodeUnitCount
      guard bytes.count - i >= count else { throw fail("an unknown word") }
      for k in 0..<count where bytes[i + k] != word.utf8Start[k] { throw fail("an unknown word") }
      i += count
      return value
    }

    private mutating func enter() throws(SyntaxError) {
      depth += 1
      guard depth <= StateJSON.maximumDepth else {
        throw fail("nesting deeper than \(StateJSON.maximumDepth)")
      }
      i += 1
    }

    private mutating func object() throws(SyntaxError) -> StateJSON {
      try enter()
      defer { depth -= 1 }
      var fields: [String: StateJSON] = [:]
      skipWhitespace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
        i += 1
        return .object(fields)
      }
      while true {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("a key should be here") }
        let keyOffset = i
        let key = try string()
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("a colon should be here") }
        i += 1
        let value = try self.value()
        guard fields.updateValue(value, forKey: key) == nil else {
          throw SyntaxError(problem: "the key \(key.debugDescription) repeated", offset: keyOffset, in: bytes)
        }
        skipWhitespace()
        guard i < bytes.count else { throw fail("the text ends inside an object") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
        } else if bytes[i] == UInt8(ascii: "}") {
          i += 1
          return .object(fields)
        } else {
          throw fail("a comma or a closing brace should be here")
        }
      }
    }

    private mutating func array() throws(SyntaxError) -> StateJSON {
      try enter()
      defer { depth -= 1 }
      var items: [StateJSON] = []
      skipWhitespace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
        i += 1
        return .array(items)
      }
      while true {
        items.append(try value())
        skipWhitespace()
        guard i < bytes.count else { throw fail("the text ends inside an array") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
        } else if bytes[i] == UInt8(ascii: "]") {
          i += 1
          return .array(items)
        } else {
          throw fail("a comma or a closing bracket should be here")
        }
      }
    }

    /// A string at `i` (on its opening quote): escapes decoded, valid UTF-8, no raw control
    /// characters, no lone surrogates.
    private mutating func string() throws(SyntaxError) -> String {
      i += 1
      let start = i
      // The usual case: no escapes, one validation of the bytes in place.
      while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != 0x5C, bytes[i] >= 0x20 { i += 1 }
      guard i < bytes.count else { throw fail("the text ends inside a string") }
      var utf8 = Array(bytes[start..<i])
      while bytes[i] != UInt8(ascii: "\"") {
        let b = bytes[i]
        if b < 0x20 { throw fail("a control character inside a string") }
        if b != 0x5C {
          utf8.append(b)
          i += 1
        } else {
          i += 1
          guard i < bytes.count else { throw fail("the text ends inside a string") }
          let e = bytes[i]
          i += 1
          switch e {
          case UInt8(ascii: "\""), 0x5C, UInt8(ascii: "/"): utf8.append(e)
          case UInt8(ascii: "b"): utf8.append(0x08)
          case UInt8(ascii: "f"): utf8.append(0x0C)
          case UInt8(ascii: "n"): utf8.append(0x0A)
          case UInt8(ascii: "r"): utf8.append(0x0D)
          case UInt8(ascii: "t"): utf8.append(0x09)
          case UInt8(ascii: "u"): utf8 += try unicodeEscape()
          default: throw fail("an unknown escape")
          }
        }
        guard i < bytes.count else { throw fail("the text ends inside a string") }
      }
      i += 1
      guard let text = String(validating: utf8, as: UTF8.self) else {
        throw SyntaxError(problem: "a string that is not UTF-8", offset: start, in: bytes)
      }
      return text
    }

    /// The UTF-8 of `\uXXXX` (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() throws(SyntaxError) -> [UInt8] {
      var unit = try hex4()
      if (0xDC00...0xDFFF).contains(unit) { throw fail("a lone low surrogate") }
      if (0xD800...0xDBFF).contains(unit) {
        guard bytes.count - i >= 6, bytes[i] == 0x5C, bytes[i + 1] == UInt8(ascii: "u") else {
          throw fail("a lone high surrogate")
        }
        i += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone high surrogate") }
        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(unit) else { throw fail("an invalid code point") }
      return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
      guard bytes.count - i >= 4 else { throw fail("a short \\u escape") }
      var n: UInt32 = 0
      for _ in 0..<4 {
        let b = bytes[i]
        let digit: UInt8
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
        default: throw fail("a bad \\u escape")
        }
        n = n << 4 | UInt32(digit)
        i += 1
      }
      return n
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    private mutating func number() throws(SyntaxError) -> StateJSON {
      let start = i
      func digits(_ p: inout Parser) -> Int {
        let from = p.i
        while p.i < p.bytes.count, p.bytes[p.i] >= 0x30 && p.bytes[p.i] <= 0x39 { p.i += 1 }
        return p.i - from
      }
      if bytes[i] == UInt8(ascii: "-") { i += 1 }
      let intStart = i
      let intDigits = digits(&self)
      guard intDigits > 0 else { throw fail("a bad number") }
      if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw fail("a number with a leading zero") }
      if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        guard digits(&self) > 0 else { throw fail("a bad number") }
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits(&self) > 0 else { throw fail("a bad number") }
      }
      return .number(String(decoding: bytes[start..<i], as: UTF8.self))
    }
  }
}
