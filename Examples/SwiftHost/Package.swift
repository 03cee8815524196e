// swift-tools-version: 6.1
import Foundation
import PackageDescription

// `TALLY_USES_FOUNDATION=1 swift build` links both programs with Foundation, which then loads
// at start-up, as it does in the many hosts whose own work uses it: scripts/bench measures what
// the greeter costs such a host too. The programs' code is the same either way (the example in
// docs/embedding.md carries nothing for the benchmark).
let hostLinking: [LinkerSetting] =
  ProcessInfo.processInfo.environment["TALLY_USES_FOUNDATION"] == "1"
  ? [.linkedLibrary("Foundation")] : []

let package = Package(
  name: "SwiftHost",
  // The whatsnew package is two directories up. SwiftPM names a path dependency after its
  // directory, which differs between clones, so it is named here.
  dependencies: [.package(name: "whatsnew", path: "../..")],
  targets: [
    .executableTarget(
      name: "tally",
      dependencies: [.product(name: "LaunchGreeter", package: "whatsnew")],
      exclude: ["Notes"],
      linkerSettings: hostLinking,
      plugins: [.plugin(name: "CompileNotes", package: "whatsnew")]
    ),
    // The same host without the greeter, for scripts/bench and scripts/budget (what the
    // greeter costs a host).
    .executableTarget(name: "tally-without-greeter", linkerSettings: hostLinking),
  ],
  swiftLanguageModes: [.v6]
)
