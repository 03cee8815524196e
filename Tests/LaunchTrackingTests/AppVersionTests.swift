import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

@Suite struct AppVersionTests {
  private func v(_ s: String) throws -> AppVersion { try AppVersion(parsing: s) }

  @Test func semverSection11Chain() throws {
    // semver.org 11.2: 1.0.0 < 2.0.0 < 2.1.0 < 2.1.1
    // semver.org 11.3: 1.0.0-alpha < 1.0.0
    // semver.org 11.4: the full pre-release chain.
    let chains = [
      ["1.0.0", "2.0.0", "2.1.0", "2.1.1"],
      ["1.0.0-alpha", "1.0.0"],
      [
        "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
        "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
      ],
    ]
    for chain in chains {
      let versions = try chain.map(v)
      for i in versions.indices {
        for j in versions.indices {
          #expect((versions[i] < versions[j]) == (i < j), "\(chain[i]) vs \(chain[j])")
          #expect((versions[i] == versions[j]) == (i == j), "\(chain[i]) vs \(chain[j])")
        }
      }
      // Sorting a shuffled copy restores the chain.
      #expect(versions.reversed().sorted().map(\.text) == chain)
    }
  }

  @Test func numericComponentsCompareAsNumbers() throws {
    #expect(try v("1.9.0") < v("1.10.0"))
    #expect(try v("2.0.0-beta.1") < v("2.0.0"))
    #expect(try v("1.0.0-beta.2") < v("1.0.0-beta.11"))
    #expect(try v("1.0.0-2") < v("1.0.0-10"))
    // Numeric identifiers come before alphanumeric ones (11.4.3).
    #expect(try v("1.0.0-99") < v("1.0.0-a"))
    // ASCII order: upper case before lower case.
    #expect(try v("1.0.0-Z") < v("1.0.0-a"))
  }

  @Test func shortFourComponentAndPrefixedForms() throws {
    #expect(try v("1.2") == v("1.2.0"))
    #expect(try v("1.2").hashValue == v("1.2.0").hashValue)
    #expect(try v("v1.2.3") == v("1.2.3"))
    #expect(try v("V1.2.3") == v("1.2.3"))
    #expect(try v("1.2.3") == v("1.2.3.0"))
    #expect(try v("1.2.3") < v("1.2.3.1"))
    #expect(try v("1.2.3.9") < v("1.2.4"))
    #expect(try v("1.2.3.4").revision == 4)
    #expect(try v("1.2").canonical == "1.2.0")
    #expect(try v("v1.2.3.4-rc.1+x").canonical == "1.2.3.4-rc.1")
    #expect(Set(try ["1.2", "1.2.0", "v1.2.0", "1.2.0+b"].map(v)).count == 1)
  }

  @Test func buildMetadataParsesAndIsIgnoredForOrder() throws {
    let a = try v("1.2.3+build-7")
    #expect(a.buildMetadata == ["build-7"])
    #expect(a.major == 1 && a.minor == 2 && a.patch == 3)
    #expect(!a.isPrerelease)
    let plain = try v("1.2.3")
    #expect(a == (try v("1.2.3+other.0001")))
    #expect(!(a < plain) && !(plain < a))
    let b = try v("1.0.0-alpha+001")
    #expect(b.isPrerelease && b.buildMetadata == ["001"])
    #expect(try v("1.0.0+20130313144700").buildMetadata == ["20130313144700"])
    #expect(try v("1.0.0-beta+exp.sha.5114f85").prerelease == [.alphanumeric("beta")])
  }

  @Test(arguments: [
    "", "01.2.3", "1.02.3", "1.2.03", "1.2.3-", "1..2", "1", "1.2.3.4.5", "1.2.3-01",
    "1.2.3+", "1.2.3-a..b", "1.2.3+a..b", "a.b.c", " 1.2.3", "1.2.3 ", "1.2.3-be ta",
    "1.2.3-é", "v", "1.2.3-+", "99999999999999999999.0.0", ".1.2", "1.2.",
  ])
  func rejectsInvalidStrings(_ text: String) {
    #expect(AppVersion(text) == nil)
    do {
      _ = try AppVersion(parsing: text)
      Issue.record("accepted \"\(text)\"")
    } catch {
      #expect(error.description.contains("\"\(text)\""), "message should name the string: \(error)")
    }
  }

  @Test func errorMessagesSayWhatIsWrong() {
    #expect(throws: AppVersion.ParseError.self) { try AppVersion(parsing: "01.2.3") }
    do {
      _ = try AppVersion(parsing: "01.2.3")
    } catch {
      #expect(error.description == "invalid version \"01.2.3\": major component \"01\" has a leading zero")
    }
  }

  @Test func isPrerelease() throws {
    #expect(try v("2.0.0-beta.1").isPrerelease)
    #expect(try !v("2.0.0").isPrerelease)
  }

  @Test func losslessStringRoundTrip() throws {
    for s in ["1.2", "v1.2.3", "1.2.3.4", "1.0.0-alpha.1+build.5"] {
      let parsed = try v(s)
      #expect(parsed.description == s)
      #expect(AppVersion(parsed.description) == parsed)
    }
  }

  @Test func codableAsAString() throws {
    let data = try JSONEncoder().encode([try v("1.2.3-rc.1")])
    #expect(String(decoding: data, as: UTF8.self) == #"["1.2.3-rc.1"]"#)
    let back = try JSONDecoder().decode([AppVersion].self, from: data)
    #expect(back == [try v("1.2.3-rc.1")])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([AppVersion].self, from: Data(#"["1..2"]"#.utf8))
    }
  }

  @Test func memberwiseInitialiser() throws {
    #expect(AppVersion(1, 2, 3) == (try v("1.2.3")))
    #expect(AppVersion(1, 2, 3, prerelease: [.alphanumeric("rc"), .numeric(1)]).text == "1.2.3-rc.1")
  }
}

@Suite struct AppVersionOrderPropertyTests {
  @Test func orderIsTotalAndAgreesWithEqualityAndHashing() throws {
    var rng = SeededRandom(seed: 42)
    let identifiers = ["alpha", "beta", "rc", "0", "1", "2", "11", "a-b", "B"]
    func random() -> String {
      var s = "\(Int.random(in: 0...2, using: &rng)).\(Int.random(in: 0...2, using: &rng))"
      if Bool.random(using: &rng) { s += ".\(Int.random(in: 0...1, using: &rng))" }
      if Int.random(in: 0...3, using: &rng) == 0 { s += ".\(Int.random(in: 0...1, using: &rng))" }
      if Bool.random(using: &rng) {
        s +=
          "-"
          + (0..<Int.random(in: 1...3, using: &rng)).map { _ in identifiers.randomElement(using: &rng) ?? "x"
          }
          .joined(separator: ".")
      }
      if Int.random(in: 0...3, using: &rng) == 0 { s += "+build.\(Int.random(in: 0...9, using: &rng))" }
      if Int.random(in: 0...5, using: &rng) == 0 { s = "v" + s }
      return s
    }
    let versions = try (0..<150).map { _ in try AppVersion(parsing: random()) }
    for a in versions {
      for b in versions {
        let relations = [a < b, b < a, a == b].filter { $0 }.count
        #expect(relations == 1, "\(a) vs \(b)")
        if a == b { #expect(a.hashValue == b.hashValue, "\(a) vs \(b)") }
      }
    }
    // Transitivity, checked along the sorted order.
    let sorted = versions.sorted()
    for (x, y) in zip(sorted, sorted.dropFirst()) { #expect(x <= y) }
    #expect(sorted.first.map { first in versions.allSatisfy { first <= $0 } } == true)
  }
}

@Suite struct AppVersionFastParseTests {
  /// Every string built from these pieces: numbers with and without leading zeros, the largest
  /// and one past the largest 64-bit value, empty and non-numeric components, 1 to 5 of them,
  /// with and without a `v`, a pre-release or build metadata.
  private static func candidates() -> [String] {
    let components = [
      "0", "7", "10", "00", "01", "18446744073709551615", "18446744073709551616", "", "a", "1 ",
    ]
    var cores: [String] = []
    for count in 1...5 {
      var combos: [[String]] = [[]]
      for _ in 0..<count { combos = combos.flatMap { prefix in components.map { prefix + [$0] } } }
      // Four and five components of ten pieces are 10,000 and 100,000 strings: a sample.
      let step = count == 5 ? 97 : count == 4 ? 7 : 1
      cores += stride(from: 0, to: combos.count, by: step).map { combos[$0].joined(separator: ".") }
    }
    var strings: [String] = []
    for core in cores {
      for prefix in ["", "v", "V", "vv"] {
        for suffix in ["", "-rc.1", "+b.7", "-", "+", "."] { strings.append(prefix + core + suffix) }
      }
    }
    return strings
  }

  @Test func numericFormsParseAsTheGeneralParserDoes() {
    var fast = 0
    for text in Self.candidates() {
      let general = try? AppVersion.parseAnyForm(text)
      let numbers = AppVersion.parseNumbers(text)
      if let numbers {
        fast += 1
        #expect(general != nil, "fast path accepted \"\(text)\"")
        #expect(general?.text == numbers.text, "\(text)")
        #expect(general?.major == numbers.major && general?.minor == numbers.minor, "\(text)")
        #expect(general?.patch == numbers.patch && general?.revision == numbers.revision, "\(text)")
        #expect(numbers.prerelease.isEmpty && numbers.buildMetadata.isEmpty, "\(text)")
      } else if let general {
        // Only a pre-release or build metadata needs the general parser.
        #expect(general.isPrerelease || !general.buildMetadata.isEmpty, "fast path refused \"\(text)\"")
      }
    }
    #expect(fast >= 300)
  }
}
