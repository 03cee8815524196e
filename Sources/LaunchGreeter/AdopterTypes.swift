import LaunchTracking

// The types of `LaunchTracking` an app names when it greets, under `LaunchGreeter`'s name:
// `import LaunchGreeter` is all an app writes. The rest of `LaunchTracking` (the state file's
// schema, the store, its transactions and codecs) is `package`: how the state is kept is not
// part of the contract. ARCHITECTURE.md ("The public face") says why these and no others.

/// A version as an app writes it: SemVer 2.0.0 (`2.0.0`, `2.1.0-beta.1`) plus `1.2`, `v1.2.3`
/// and `1.2.3.4`, compared by SemVer precedence.
///
/// ```swift
/// if let newer = outcome.availableVersion, newer.major > 2 { print("Tally \(newer) is out") }
/// ```
public typealias AppVersion = LaunchTracking.AppVersion

/// How a launch was classified: `first`, `upgrade`, `downgrade`, `returning` or `regular`
/// (``GreetOutcome/kind``).
public typealias LaunchKind = LaunchTracking.LaunchKind

/// Something the user earned but has not seen yet (the walkthrough at a page, the what's-new
/// sheet since a version, the welcome-back card): ``GreetOutcome/pending`` after a launch.
public typealias PendingPresentation = LaunchTracking.PendingPresentation

/// How much a release matters: `patch`, `minor`, `major` or `critical`, from its notes'
/// `importance:` front matter, else from the version bump
/// (``GreeterInterruptions/minimumImportance``).
public typealias ReleaseImportance = LaunchTracking.ReleaseImportance

/// A one-time step an app runs when a user first launches a version at least its own (a data
/// migration, say), with a progress screen: ``LaunchGreeter/updateSteps``.
///
/// ```swift
/// greeter.updateSteps = [
///   UpdateStep(id: "split-by-year", version: "2.0.0", summary: "Splitting the counts by year") {
///     try convertCounts()
///   }
/// ]
/// ```
public typealias UpdateStep = LaunchTracking.UpdateStep

/// What the app's update steps did during a launch (``GreetOutcome/updates``): which
/// completed, which were not needed, and the one that failed (it runs again next launch).
public typealias UpdateRunReport = LaunchTracking.UpdateRunReport
