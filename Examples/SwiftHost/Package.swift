// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The whatsnew package is two directories up. SwiftPM names a path dependency after its
// directory, which differs between clones, so the name is read from the path.
let whatsnew = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "SwiftHost",
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "tally",
      dependencies: [.product(name: "LaunchGreeter", package: whatsnew)],
      exclude: ["Notes"],
      plugins: [.plugin(name: "CompileNotes", package: whatsnew)]
    ),
    // The same host without the greeter, for scripts/bench (what the greeter costs a host).
    .executableTarget(name: "tally-without-greeter"),
  ],
  swiftLanguageModes: [.v6]
)
