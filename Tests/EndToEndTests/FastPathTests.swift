import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import whatsnew

/// `demo`, `notes` and `render` are read from their option tables (`FastPath`) before
/// ArgumentParser. These tests hold each table to the command's ArgumentParser declaration:
/// the same option names and kinds as `--experimental-dump-help` reports, and for every
/// command line the table accepts the same whole value as ArgumentParser's parse. Whatever
/// the table does not accept falls through (nil), so help and errors stay ArgumentParser's.
@Suite struct FastPathTests {
  /// One command's table and ArgumentParser's parse of the same arguments, as whole values.
  struct Subject<Value: Equatable & Sendable>: Sendable {
    let name: String
    let table: FastPath<Value>
    let viaArgumentParser: @Sendable ([String]) throws -> Value?
    /// A valid value for each option of the table that takes one.
    let samples: [String: String]
    /// What an option needs beside it to be valid.
    var needs: [String: [String]] = [:]
    /// Options left out of the command line that gives every option at once.
    var notWithTheRest: [String] = []
  }

  static let demo = Subject(
    name: "demo", table: DemoCommand.fastPath,
    viaArgumentParser: { (try WhatsNew.parseAsRoot(["demo"] + $0) as? DemoCommand)?.launch },
    samples: [
      "--simulate": "upgrade", "--from": "1.0.0", "--away": "3", "--app-version": "2.0.0",
      "--app-id": "my-app", "--state-dir": "/tmp/state", "--content": "x y",
      "--returning-after": "7", "--open": "whatsnew://notes/1.0.0", "--color": "never",
      "--min-importance": "minor",
    ],
    needs: ["--from": ["--simulate", "upgrade"]])

  static let notes = Subject(
    name: "notes", table: NotesCommand.fastPath,
    viaArgumentParser: { (try WhatsNew.parseAsRoot(["notes"] + $0) as? NotesCommand)?.options },
    samples: [
      "--from": "1.0.0", "--to": "2.0.0-beta.1", "--format": "json", "--width": "72",
      "--content": "a=b",
    ],
    notWithTheRest: ["--list"])

  static let render = Subject(
    name: "render", table: RenderCommand.fastPath,
    viaArgumentParser: { (try WhatsNew.parseAsRoot(["render"] + $0) as? RenderCommand)?.request },
    samples: ["--format": "html", "--width": "0", "--flavor": "commonmark"])

  // MARK: - The table is the declaration

  /// The subcommand's arguments as `--experimental-dump-help` reports them (help and version
  /// left out): `option --name`, `flag --name` or `positional name`.
  static func declared(_ command: String) throws -> [String] {
    let result = try Run.whatsnew(["--experimental-dump-help"])
    try #require(result.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let root = try #require(json["command"] as? [String: Any])
    let subcommands = try #require(root["subcommands"] as? [[String: Any]])
    let subcommand = try #require(subcommands.first { $0["commandName"] as? String == command })
    var found: [String] = []
    for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
      let kind = try #require(argument["kind"] as? String)
      if argument["isRepeating"] as? Bool == true { found.append("repeating \(kind)") }
      let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
        guard let text = name["name"] as? String else { return nil }
        return (name["kind"] as? String == "long" ? "--" : "-") + text
      }
      if kind == "positional" {
        found.append("positional " + (argument["valueName"] as? String ?? "?"))
      } else if !names.contains("--help") && !names.contains("--version") {
        found += names.map { "\(kind) \($0)" }
      }
    }
    return found.sorted()
  }

  static func tabled<Value>(_ table: FastPath<Value>) -> [String] {
    (table.options.map { ($0.takesValue ? "option " : "flag ") + $0.name }
      + (table.positional.map { ["positional " + $0.name] } ?? [])).sorted()
  }

  @Test func demoTableIsTheDeclaration() throws {
    #expect(Self.tabled(DemoCommand.fastPath) == (try Self.declared("demo")))
  }

  @Test func notesTableIsTheDeclaration() throws {
    #expect(Self.tabled(NotesCommand.fastPath) == (try Self.declared("notes")))
  }

  @Test func renderTableIsTheDeclaration() throws {
    #expect(Self.tabled(RenderCommand.fastPath) == (try Self.declared("render")))
  }

  // MARK: - Each row sets what ArgumentParser sets

  /// Every option alone (both spellings), then all of them at once: the table's value must
  /// be ArgumentParser's, whole.
  func everyRowMatches<Value: Equatable>(_ subject: Subject<Value>) throws {
    var all: [String] = []
    for option in subject.table.options {
      let lines: [[String]]
      if option.takesValue {
        let sample = try #require(subject.samples[option.name], "no sample value for \(option.name)")
        lines = [[option.name, sample], ["\(option.name)=\(sample)"]]
      } else {
        lines = [[option.name]]
      }
      for line in lines.map({ $0 + (subject.needs[option.name] ?? []) }) {
        let fast = try #require(subject.table.parse(line[...]), "the table refused \(line)")
        #expect(fast == (try subject.viaArgumentParser(line)), "\(subject.name) \(line)")
      }
      if !subject.notWithTheRest.contains(option.name) { all += lines[0] }
    }
    let fast = try #require(subject.table.parse(all[...]), "the table refused \(all)")
    #expect(fast == (try subject.viaArgumentParser(all)), "\(subject.name) \(all)")
    let defaults = try #require(subject.table.parse([]))
    #expect(defaults == (try subject.viaArgumentParser([])))
  }

  @Test func demoRowsMatchArgumentParser() throws { try everyRowMatches(Self.demo) }
  @Test func notesRowsMatchArgumentParser() throws { try everyRowMatches(Self.notes) }
  @Test func renderRowsMatchArgumentParser() throws { try everyRowMatches(Self.render) }

  @Test func theDefaultSubcommandIsDemo() throws {
    let fast = try #require(DemoCommand.fastPath.parse([]))
    #expect((try WhatsNew.parseAsRoot([]) as? DemoCommand)?.launch == fast)
  }

  @Test(arguments: [
    ["--state-dir", "/tmp/state", "--content", "Content"],
    ["--content=Content", "--state-dir=/tmp/state"],
    ["--app-id=my-app", "--app-version=2.0.0-beta.1", "--content", "x y"],
    ["--content=a=b"], ["--content", "lint"], ["--state-dir", "demo"],
    ["--simulate", "upgrade", "--from", "1.0.0", "--away", "0", "--explain"],
    ["--simulate=returning", "--away=60", "--color", "always"],
    ["--open", "whatsnew://notes/1.4.0", "--returning-after=1"],
  ])
  func demoCommandLinesMatch(_ arguments: [String]) throws {
    let fast = try #require(DemoCommand.fastPath.parse(arguments[...]))
    #expect(fast == (try Self.demo.viaArgumentParser(arguments)))
  }

  @Test(arguments: [
    ["1.0.5"], ["1.0.5", "--format", "plain"], ["--format=plain", "1.0.5"],
    ["--from=1.0.0", "--to=1.2.0", "--content=Content", "--format=ansi", "--width=72"],
    ["--width", "20", "--to", "2.0.0-beta.1"], ["--width", "1000", "--format", "json"],
    ["--content", "notes"], ["--content", "list"], ["--content", "Content", "2.0.0"],
    ["--list"], ["--list", "--format", "json"], ["--", "1.0.0"], ["-"],
  ])
  func notesCommandLinesMatch(_ arguments: [String]) throws {
    let fast = try #require(NotesCommand.fastPath.parse(arguments[...]))
    #expect(fast == (try Self.notes.viaArgumentParser(arguments)))
  }

  @Test(arguments: [
    ["notes.md"], ["-", "--format", "ansi"], ["--width=40", "a.md", "--format=json"],
    ["--width", "0", "a.md"], ["--", "-odd.md"], ["--format", "pdf"],
  ])
  func renderCommandLinesMatch(_ arguments: [String]) throws {
    let fast = try #require(RenderCommand.fastPath.parse(arguments[...]))
    #expect(fast == (try Self.render.viaArgumentParser(arguments)))
  }

  // MARK: - Everything else is ArgumentParser's

  @Test(arguments: [
    ["--help"], ["-h"], ["help"], ["--version"], ["extra"], ["--content"],
    ["--content", "--state-dir", "x"], ["--content", "a", "--content", "b"],
    ["--content=a", "--content", "b"], ["--content", "-x"], ["--content=-x"], ["--explain=yes"],
    ["--generate-completion-script", "bash"], ["--state", "x"], ["--away", "-3"], [""],
  ])
  func demoFallsThrough(_ arguments: [String]) {
    #expect(DemoCommand.fastPath.parse(arguments[...]) == nil)
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["help"], ["--version"], ["--from"], ["--from", "--to", "1.0.0"],
    ["--from", "1.0.0", "--from", "1.1.0"], ["--from=1.0.0", "--from", "1.1.0"],
    ["--width", "72", "--width=80"], ["1.0.0", "1.0.1"], ["--from", "-1"], ["--content=-x"],
    ["--unknown", "x"], ["-w", "80"], ["--generate-completion-script", "bash"], ["--format"],
    ["--list", "--list"],
  ])
  func notesFallsThrough(_ arguments: [String]) {
    #expect(NotesCommand.fastPath.parse(arguments[...]) == nil)
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["a.md", "b.md"], ["--format"], ["--width", "--format", "plain"],
    ["--format", "plain", "--format", "ansi"], ["--theme", "dark"], ["--format="],
    ["--generate-completion-script", "bash"],
  ])
  func renderFallsThrough(_ arguments: [String]) {
    #expect(RenderCommand.fastPath.parse(arguments[...]) == nil)
  }

  /// Values the table cannot convert, or that the command's validation rejects, are left to
  /// ArgumentParser, which reports them.
  @Test(arguments: [
    ["--state-dir", ""], ["--state-dir="], ["--app-id", "no/slash"], ["--app-id", ""],
    ["--app-version", "not-a-version"], ["--simulate", "never"], ["--away", "soon"],
    ["--returning-after", "0"], ["--color", "pink"], ["--from", "1.0.0"], ["--open", "http://x"],
  ])
  func demoInvalidValuesAreArgumentParsers(_ arguments: [String]) {
    #expect(DemoCommand.fastPath.parse(arguments[...]) == nil)
    #expect(throws: (any Error).self) { try WhatsNew.parseAsRoot(["demo"] + arguments) }
  }

  @Test(arguments: [
    ["--width", "19"], ["--width", "1001"], ["--width", "wide"], ["--width="],
    ["--format", "pdf"], ["--format="], ["1.0.0", "--from", "0.9.0"], ["1.0.0", "--to", "2.0.0"],
    ["--list", "1.0.0"],
  ])
  func notesInvalidValuesAreArgumentParsers(_ arguments: [String]) {
    #expect(NotesCommand.fastPath.parse(arguments[...]) == nil)
    #expect(throws: (any Error).self) { try WhatsNew.parseAsRoot(["notes"] + arguments) }
  }
}
