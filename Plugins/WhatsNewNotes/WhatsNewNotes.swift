import Foundation
import PackagePlugin

/// `swift package whatsnew lint|notes|tips [arguments]`: the whatsnew CLI's notes tools over
/// the package's `Notes/` folder, for a Swift package that greets with `LaunchGreeter` and
/// has no `whatsnew` on its PATH:
///
/// ```
/// swift package whatsnew lint                  # every target's Notes/
/// swift package whatsnew --target tally notes --from 1.0.0
/// swift package whatsnew --notes Content tips  # a folder of another name
/// ```
///
/// The notes folder is each target's `Notes/` (the folder `CompileNotes` compiles), those of
/// the targets named by `--target`, or the folder `--notes` names (relative to the package).
/// The subcommand and its arguments go to `whatsnew` as written, with the folder as its
/// content directory; its output is theirs, and a failure (lint's errors) fails the command.
@main
struct WhatsNewNotes: CommandPlugin {
  /// The subcommands the plugin runs.
  static let subcommands = ["lint", "notes", "tips"]

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let notesOption = extractor.extractOption(named: "notes").last
    let rest = extractor.remainingArguments
    guard let subcommand = rest.first, Self.subcommands.contains(subcommand) else {
      throw Failure(
        "usage: swift package whatsnew [--target NAME] [--notes DIR] lint|notes|tips [arguments]"
          + (rest.first.map { " ('\($0)' is not one of them)" } ?? ""))
    }
    let folders = try notesFolders(in: context.package, targets: targetNames, option: notesOption)
    let tool = try context.tool(named: "whatsnew").url
    for folder in folders {
      let status = try run(tool, [subcommand] + rest.dropFirst(), content: folder, in: context.package)
      if status != 0 {
        throw Failure("whatsnew \(subcommand) exited with status \(status) for \(folder.path)")
      }
    }
  }

  /// The folders to run on: `--notes`, else the named targets' `Notes/`, else every target's.
  func notesFolders(in package: Package, targets names: [String], option: String?) throws -> [URL] {
    if let option {
      let url =
        option.hasPrefix("/") ? URL(fileURLWithPath: option) : package.directoryURL.appending(path: option)
      guard isDirectory(url) else { throw Failure("--notes: \(url.path) is not a folder") }
      return [url]
    }
    let targets = names.isEmpty ? package.targets : try package.targets(named: names)
    let folders = targets.compactMap { $0 as? SourceModuleTarget }
      .map { $0.directoryURL.appending(path: "Notes") }
      .filter(isDirectory)
    guard !folders.isEmpty else {
      let which =
        names.isEmpty
        ? "no target of \(package.displayName)" : "no target named \(names.joined(separator: ", "))"
      throw Failure("\(which) has a Notes folder; name one with --notes DIR")
    }
    return folders
  }

  /// Runs `tool` with `arguments` and `content` as its content directory; returns its status.
  func run(_ tool: URL, _ arguments: [String], content: URL, in package: Package) throws -> Int32 {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = package.directoryURL
    var environment = ProcessInfo.processInfo.environment
    environment["WHATSNEW_CONTENT_DIR"] = content.path
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// A one-line failure, as `swift package` prints it.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
