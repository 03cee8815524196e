// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "whatsnew",
  products: [
    .library(name: "LaunchGreeter", targets: ["LaunchGreeter"]),
    .plugin(name: "CompileNotes", targets: ["CompileNotes"]),
    // `swift package whatsnew lint|notes|tips`: the notes tools for a Swift package's Notes/.
    .plugin(name: "WhatsNewNotes", targets: ["WhatsNewNotes"]),
    .executable(name: "whatsnew", targets: ["whatsnew"]),
    .executable(name: "whatsnew-greet", targets: ["whatsnew-greet"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // No pkgConfig: ncursesw.pc's cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are flags
    // SwiftPM refuses, with a warning on every build; shim.h defines what the headers need, and
    // the module map links ncursesw (whose .so pulls in tinfo; scripts/build-release adds
    // -ltinfo for the static link).
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    .target(name: "LaunchTracking"),
    .target(name: "MarkdownSyntax"),
    .target(name: "TerminalRendering", dependencies: ["MarkdownSyntax"]),
    .target(name: "ReleaseNotes", dependencies: ["MarkdownSyntax", "LaunchTracking"]),
    .target(name: "LaunchScreens", dependencies: ["TerminalRendering", "LaunchTracking"]),
    // What the whatsnew CLI does with notes and the greeting never does (lint, the import's
    // writing, HTML and syntax-tree JSON): apart, so whatsnew-greet does not link it (issue 45).
    .target(
      name: "NotesTools",
      dependencies: ["MarkdownSyntax", "TerminalRendering", "ReleaseNotes", "LaunchTracking"]),
    .target(name: "CursesTerminal", dependencies: ["CNcurses", "TerminalRendering", "LaunchScreens"]),
    // The product for adopters: one call at start-up.
    .target(
      name: "LaunchGreeter",
      dependencies: [
        "LaunchTracking", "MarkdownSyntax", "TerminalRendering", "ReleaseNotes", "LaunchScreens",
        "CursesTerminal",
      ]),
    // The wrappers' protocol: one request both front doors build and run, its JSON and schema,
    // and the JSON outcome (docs/protocol.md).
    .target(name: "GreetProtocol", dependencies: ["LaunchGreeter", "LaunchTracking", "ReleaseNotes"]),
    // The greeting executable the Python and npm packages carry: a request in, the outcome
    // out; no ArgumentParser, no render, lint or import.
    .executableTarget(
      name: "whatsnew-greet", dependencies: ["GreetProtocol", "LaunchGreeter", "LaunchTracking"]),
    // The demo app's own screens (Jot's home screen, where it reopens): not a product.
    .target(name: "JotDemo", dependencies: ["LaunchScreens", "TerminalRendering", "LaunchTracking"]),
    // Compiles an app's Notes/ folder into its binary (CompiledNotes.all).
    .executableTarget(name: "compile-notes"),
    .plugin(name: "CompileNotes", capability: .buildTool(), dependencies: ["compile-notes"]),
    // Runs the whatsnew CLI's lint, notes and tips over a package's Notes/ folders.
    .plugin(
      name: "WhatsNewNotes",
      capability: .command(
        intent: .custom(
          verb: "whatsnew", description: "Lints, lists and shows the release notes and tips in Notes/")),
      dependencies: ["whatsnew"]),
    .executableTarget(
      name: "whatsnew",
      dependencies: [
        "LaunchGreeter", "GreetProtocol", "JotDemo", "LaunchTracking", "MarkdownSyntax", "TerminalRendering",
        "ReleaseNotes", "NotesTools",
        "LaunchScreens",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // Notes is a link to the demo's Content/, compiled in so the binary works anywhere.
      exclude: ["Notes"],
      plugins: ["CompileNotes"]
    ),
    // Test utilities shared by the test targets (golden files, running the built binary).
    .target(
      name: "TestSupport", dependencies: ["LaunchScreens", "TerminalRendering"], path: "Sources/TestSupport"),
    .testTarget(
      name: "LaunchTrackingTests", dependencies: ["LaunchTracking", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "MarkdownSyntaxTests", dependencies: ["MarkdownSyntax", "NotesTools", "TestSupport"],
      exclude: ["conformance-baseline.json", "__Snapshots__"]),
    .testTarget(
      name: "TerminalRenderingTests",
      dependencies: ["TerminalRendering", "MarkdownSyntax", "NotesTools", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "ReleaseNotesTests",
      dependencies: ["ReleaseNotes", "NotesTools", "MarkdownSyntax", "LaunchTracking", "TestSupport"]),
    .testTarget(
      name: "LaunchScreensTests",
      dependencies: ["LaunchScreens", "TerminalRendering", "LaunchTracking", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "CursesTerminalTests", dependencies: ["CursesTerminal", "LaunchScreens", "TestSupport"]),
    .testTarget(
      name: "JotDemoTests",
      dependencies: ["JotDemo", "LaunchScreens", "LaunchTracking", "TerminalRendering", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "LaunchGreeterTests",
      dependencies: [
        "LaunchGreeter", "LaunchScreens", "LaunchTracking", "ReleaseNotes", "TerminalRendering",
        "TestSupport",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["whatsnew", "GreetProtocol", "LaunchTracking", "TestSupport"]),
    .testTarget(
      name: "GreetProtocolTests",
      dependencies: ["GreetProtocol", "LaunchGreeter", "LaunchTracking", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
