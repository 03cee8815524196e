/// Numbered link references: each distinct URL gets a number the first time it is seen, and
/// waits in ``pending`` until the renderer lists it (at the end of the top-level block).
struct LinkReferences {
  private var numbers: [String: Int] = [:]
  private(set) var pending: [(number: Int, url: String)] = []

  /// The number for `url`, assigning the next one if it is new.
  mutating func number(for url: String) -> Int {
    if let n = numbers[url] { return n }
    let n = numbers.count + 1
    numbers[url] = n
    pending.append((n, url))
    return n
  }

  /// Returns the references not yet listed, and forgets them.
  mutating func takePending() -> [(number: Int, url: String)] {
    defer { pending.removeAll() }
    return pending
  }
}
