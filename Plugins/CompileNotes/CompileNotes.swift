import Foundation
import PackagePlugin

/// Compiles a target's `Notes/` folder (release notes `<version>.md`, `onboarding.md`,
/// `welcome-back.md`, the tips in `tips/`, and their translations in language subfolders
/// such as `fr/`) into the target as `CompiledNotes.all`, so the app greets from a single
/// binary with no files beside it:
///
/// ```swift
/// .executableTarget(
///   name: "tally", dependencies: [.product(name: "LaunchGreeter", package: "whatsnew")],
///   exclude: ["Notes"], plugins: [.plugin(name: "CompileNotes", package: "whatsnew")])
/// ```
///
/// and in the app: `LaunchGreeter(app: ..., notes: .compiledIn(CompiledNotes.all))`.
@main
struct CompileNotes: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let notes = target.directoryURL.appending(path: "Notes")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: notes.path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      Diagnostics.error("\(target.name): CompileNotes found no Notes folder at \(notes.path)")
      return []
    }
    // The notes, and those of the language subfolders (`fr/1.2.0.md`), which compile-notes
    // takes too; each subfolder is an input so that a new translation rebuilds.
    var inputs: [URL] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: notes.path).sorted() {
      let url = notes.appending(path: name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        inputs.append(url)
        inputs += try FileManager.default.contentsOfDirectory(atPath: url.path)
          .filter { $0.hasSuffix(".md") }.sorted().map { url.appending(path: $0) }
        // A translation's tips (`fr/tips/`).
        let tips = url.appending(path: "tips")
        if name != "tips", let files = try? FileManager.default.contentsOfDirectory(atPath: tips.path) {
          inputs.append(tips)
          inputs += files.filter { $0.hasSuffix(".md") }.sorted().map { tips.appending(path: $0) }
        }
      } else if name.hasSuffix(".md") {
        inputs.append(url)
      }
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "CompiledNotes.swift")
    return [
      .buildCommand(
        displayName: "Compiling the notes of \(target.name)",
        executable: try context.tool(named: "compile-notes").url,
        arguments: [notes.path, output.path],
        inputFiles: inputs + [notes],
        outputFiles: [output])
    ]
  }
}
