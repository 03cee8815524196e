import Foundation
import Testing

@testable import LaunchTracking

/// `StateJSONEncoder` and `StateJSONDecoder` stand in for Foundation's `JSONEncoder` and
/// `JSONDecoder` (whose code would double the greeting executable): the same bytes out, the
/// same values and the same errors (kind and coding path) in. Foundation's coders are the
/// reference here.
@Suite struct StateJSONCodingTests {
  struct Inner: Codable, Equatable {
    var name: String
    var flag: Bool?
  }

  struct Sample: Codable, Equatable {
    var text: String
    var count: Int
    var small: Int8
    var big: UInt64
    var ratio: Double
    var single: Float
    var maybe: String?
    var list: [Int]
    var empty: [String]
    var nested: [String: [String]]
    var none: [String: Int]
    var inner: Inner
    var inners: [Inner]
    var optionals: [String?]
  }

  /// Writes `maybe` as null when nil (an `encode`, not `encodeIfPresent`).
  struct Explicit: Encodable {
    var maybe: String?
    var number: Double

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(maybe, forKey: .maybe)
      try c.encode(number, forKey: .number)
      var list = c.nestedUnkeyedContainer(forKey: .list)
      try list.encode(1)
      try list.encodeNil()
      var deeper = list.nestedContainer(keyedBy: CodingKeys.self)
      try deeper.encode("x", forKey: .maybe)
    }

    enum CodingKeys: String, CodingKey { case maybe, number, list }
  }

  static let sample = Sample(
    text: "a/b \"q\" \\ \u{1}\u{8}\u{C}\t\n\r\u{1F}\u{7F} é 😀 \u{2028}", count: -42, small: -128,
    big: UInt64.max, ratio: 0.1, single: 1.5, maybe: nil, list: [1, 2, 3], empty: [],
    nested: ["b": ["x"], "B": [], "a10": ["y", "z"], "a9": []], none: [:],
    inner: Inner(name: "in/ner", flag: true), inners: [Inner(name: "one"), Inner(name: "two", flag: false)],
    optionals: ["x", nil])

  private static func foundation<T: Encodable>(_ value: T, _ formatting: JSONEncoder.OutputFormatting) throws
    -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  private static func ours<T: Encodable>(_ value: T, pretty: Bool, slashes: Bool) throws -> String {
    String(
      decoding: try StateJSONEncoder(pretty: pretty, escapingSlashes: slashes).encode(value), as: UTF8.self)
  }

  @Test func encodesTheBytesJSONEncoderWrites() throws {
    #expect(
      try Self.ours(Self.sample, pretty: true, slashes: true)
        == Self.foundation(Self.sample, [.prettyPrinted, .sortedKeys]))
    #expect(
      try Self.ours(Self.sample, pretty: false, slashes: true) == Self.foundation(Self.sample, [.sortedKeys]))
    #expect(
      try Self.ours(Self.sample, pretty: true, slashes: false)
        == Self.foundation(Self.sample, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
    let explicit = Explicit(maybe: nil, number: 3)
    #expect(
      try Self.ours(explicit, pretty: true, slashes: true)
        == Self.foundation(explicit, [.prettyPrinted, .sortedKeys]))
    #expect(
      try Self.ours(explicit, pretty: false, slashes: true)
        == #"{"list":[1,null,{"maybe":"x"}],"maybe":null,"number":3}"#)
  }

  @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
    let doubles: [Double] = [1, 1.5, 0.1, 1e20, 1e-7, 123_456_789.125, -0.0, 1e300, -2.5e-300]
    #expect(try Self.ours(doubles, pretty: false, slashes: true) == Self.foundation(doubles, []))
    #expect(try Self.ours([Int.min, Int.max], pretty: false, slashes: true) == "[\(Int.min),\(Int.max)]")
    #expect(throws: EncodingError.self) { try StateJSONEncoder().encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try StateJSONEncoder().encode(["x": Double.infinity]) }
  }

  @Test func decodesWhatItEncodes() throws {
    let bytes = try StateJSONEncoder().encode(Self.sample)
    #expect(try StateJSONDecoder().decode(Sample.self, from: bytes) == Self.sample)
    #expect(try JSONDecoder().decode(Sample.self, from: Data(bytes)) == Self.sample)
  }

  /// Each text is decoded as `T` by both decoders: the same value, or an error of the same
  /// kind at the same coding path.
  private static func agree<T: Decodable & Equatable>(_ type: T.Type, _ text: String) -> Bool {
    let ours = Result { try StateJSONDecoder().decode(type, from: Array(text.utf8)) }
    let theirs = Result { try JSONDecoder().decode(type, from: Data(text.utf8)) }
    switch (ours, theirs) {
    case (.success(let a), .success(let b)): return a == b
    case (.failure(let a), .failure(let b)): return describe(a) == describe(b)
    default: return false
    }
  }

  /// An error's kind and coding path (`keyNotFound name at 0`), not its wording.
  private static func describe(_ error: any Error) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let c)?: return "keyNotFound \(key.stringValue) at \(path(c.codingPath))"
    case .typeMismatch(_, let c)?: return "typeMismatch at \(path(c.codingPath))"
    case .valueNotFound(_, let c)?: return "valueNotFound at \(path(c.codingPath))"
    case .dataCorrupted(let c)?: return "dataCorrupted at \(path(c.codingPath))"
    default: return "\(error)"
    }
  }

  @Test func decodesAndFailsAsJSONDecoderDoes() {
    #expect(
      Self.agree([Inner].self, #"[{"name": "a"}, {"name": "b", "flag": null}, {"name": "c", "flag": true}]"#))
    #expect(Self.agree([Inner].self, #"[{"name": "a"}, {"flag": true}]"#))
    #expect(Self.agree([Inner].self, #"[{"name": "a"}, {"name": 3}]"#))
    #expect(Self.agree([Inner].self, #"[{"name": "a"}, {"name": null}]"#))
    #expect(Self.agree([Inner].self, #"[{"name": "a", "flag": "yes"}]"#))
    #expect(Self.agree([Inner].self, #"{"name": "a"}"#))
    #expect(Self.agree([Inner].self, #"[{"name": "#))
    #expect(Self.agree([String: [Int]].self, #"{"a": [1, 2], "b": [3, "x"]}"#))
    #expect(Self.agree([String?].self, #"["a", null]"#))
    #expect(Self.agree(Inner.self, #"{"name": "x", "unknown": [1, {"deep": true}]}"#))
    #expect(Self.agree(String.self, #""caf\u00e9 \ud83d\ude00 \/""#))
  }

  @Test func wholeNumbersAreReadAsJSONDecoderReadsThem() {
    for text in [
      "1", "-0", "1.0", "1e2", "1E+2", "-1.0e0", "1.5", "1e400", "99999999999999999999", "\"1\"", "true",
    ] {
      #expect(Self.agree(Int.self, text), "Int from \(text)")
      #expect(Self.agree(Double.self, text), "Double from \(text)")
    }
    for text in ["127", "128", "-129", "2.0"] { #expect(Self.agree(Int8.self, text), "Int8 from \(text)") }
    #expect(Self.agree(UInt.self, "-1"))
    #expect(Self.agree(Bool.self, "1"))
  }

  /// Where the parser is stricter than `JSONDecoder`, the text is not JSON (`dataCorrupted` at
  /// the top): nesting past the limit, a repeated key, invalid UTF-8, a byte order mark.
  @Test func hostileTextIsNotJSON() {
    let deep =
      String(repeating: "[", count: StateJSON.maximumDepth + 1)
      + String(repeating: "]", count: StateJSON.maximumDepth + 1)
    let texts: [[UInt8]] = [
      Array(deep.utf8), Array(#"{"name": "a", "name": "b"}"#.utf8), [0x22, 0xC3, 0x28, 0x22],
      [0xEF, 0xBB, 0xBF] + Array(#"{"name": "a"}"#.utf8), Array("".utf8),
    ]
    for bytes in texts {
      let error = #expect(throws: DecodingError.self) {
        try StateJSONDecoder().decode(Inner.self, from: bytes)
      }
      #expect(error.map(Self.describe) == "dataCorrupted at ")
    }
  }
}
