// swift-tools-version: 6.1
import Foundation
import PackageDescription

// `TALLY_USES_FOUNDATION=1 swift build` builds both programs for a host whose own work uses
// Foundation, as many do: scripts/bench measures what the greeter costs such a host too.
let hostSettings: [SwiftSetting] =
  ProcessInfo.processInfo.environment["TALLY_USES_FOUNDATION"] == "1"
  ? [.define("TALLY_USES_FOUNDATION")] : []

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
      swiftSettings: hostSettings,
      plugins: [.plugin(name: "CompileNotes", package: "whatsnew")]
    ),
    // The same host without the greeter, for scripts/bench and scripts/budget (what the
    // greeter costs a host).
    .executableTarget(name: "tally-without-greeter", swiftSettings: hostSettings),
  ],
  swiftLanguageModes: [.v6]
)
