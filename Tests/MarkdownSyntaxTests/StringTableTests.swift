import Testing

@testable import MarkdownSyntax

/// `StringTable` numbers distinct strings in the order they were added (link definitions while
/// parsing, link references while rendering); a dictionary is the model it must agree with.
@Suite struct StringTableTests {
  @Test func agreesWithADictionaryThroughSeveralGrowths() {
    var table = StringTable()
    var model: [String: Int] = [:]
    var order: [String] = []
    // Many keys, repeats, the empty string, multi-byte text and keys that differ only past
    // the first eight bytes (the hash reads eight at a time).
    var keys = (0..<3000).map { "https://example.com/issues/\($0 % 1700)" }
    keys += ["", "", "日本語", "日本語 ", "abcdefgh1", "abcdefgh2", "abcdefgh1"]
    for key in keys {
      let (index, added) = table.insert(key)
      if let known = model[key] {
        #expect(!added && index == known)
      } else {
        #expect(added && index == order.count)
        model[key] = order.count
        order.append(key)
      }
    }
    #expect(table.count == order.count)
    #expect(table.keys == order)
    for (key, index) in model { #expect(table.index(of: key) == index) }
    #expect(table.index(of: "https://example.com/issues/1700") == nil)
    #expect(table.index(of: "abcdefgh3") == nil)
  }

  /// Labels come from documents, so their hash is the standard library's, seeded per process:
  /// no document can be written to make its labels collide on every run.
  @Test func labelsAreHashedWithTheProcessSeededHasher() {
    for key in ["", "guide", "https://example.com/issues/911", "日本語のラベル"] {
      var hasher = Hasher()
      Array(key.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
      #expect(ByteHash.of(key) == UInt64(bitPattern: Int64(hasher.finalize())))
    }
  }

  @Test func emptyTableFindsNothing() {
    let table = StringTable()
    #expect(table.isEmpty && table.index(of: "") == nil && table.index(of: "x") == nil)
  }
}
