import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default launch store: one JSON file, `DIR/launch-state.json`, that never loses or
/// double-counts a launch.
///
/// - A transaction holds an exclusive `flock` on the sidecar `launch-state.json.lock` for
///   the whole read-modify-write (and the update steps run inside it). It waits at most
///   ``lockWait`` (about a second) for a lock another launch holds (one running long update
///   steps, say): then it goes on read-only, with ``LaunchStateTransaction/lockWasBusy`` set
///   and one warning, so a launch is never held up by another one.
/// - Writes go to a temporary file in the same directory (`.launch-state.json.tmp`, mode
///   0600, created with `O_EXCL | O_NOFOLLOW` after removing any leftover), which is renamed
///   over the state file: a crash leaves the old file or the new one, never a torn one. A
///   write that changes the version, pending work or update-step results is also durable
///   (the file is fsynced before the rename, the directory after it); a regular launch, which
///   only counts itself, skips both fsyncs (``LaunchState/needsDurableWrite(after:)``).
/// - A file of a newer schema is never overwritten (read-only, with a warning).
/// - A corrupt, truncated or wrongly shaped file is moved aside as
///   `launch-state.json.corrupt-<UTC time>` with a one-line warning, and the launch starts
///   afresh with ``LaunchStateTransaction/stateWasReset`` set.
/// - A state file that is a symbolic link or not a regular file is foreign: it is neither
///   followed nor written (read-only, with a warning).
/// - A state file whose `appID` is not the store's app is another app's: it is neither
///   changed nor counted into (read-only, with a warning).
/// - An unwritable directory degrades to read-only with one warning; nothing throws.
/// - A directory that belongs to another user, or that its group or others can write to, or
///   one reached through another user's link or a directory others can change, is not used at
///   all (as OpenSSH's StrictModes): read-only, nothing read, one warning naming the directory,
///   what failed and its fix (`chmod 700 DIR`). The check walks from `/` and opens the directory
///   (``Platform/openStateDirectory(_:create:)``); every file in it is then opened relative to
///   that descriptor (`openat`), so what was checked is what is written. A directory the store
///   creates has mode 0700.
/// - The lock, the state file and the temporary file are opened without following a link
///   and without waiting on a FIFO (``Platform/openStateFile(_:_:)``); anything but a regular
///   file there is refused.
///
/// - Usage events (``record(_:at:)``) are appended to `events.log` beside the state, one line
///   each in one `write`, under a shared `flock` on the log and without an fsync; they do not
///   take the state lock, so recording never waits for a launch. A transaction that can write
///   folds the log into the state before its body runs: under an exclusive `flock` on the log it
///   reads it, appends a `# folded MARK` line (a fresh random mark), writes the state holding
///   the events and the mark, then empties the log. A record that arrives meanwhile waits for
///   the flock and lands in the emptied log. A crash before the state is written leaves the
///   log whole (the mark line is skipped next time); a crash after it leaves lines the state
///   already holds, which the next fold skips up to its mark. ``read()`` adds the log's lines
///   to the state it returns, so readers see every event. A log past ``maximumLogSize`` takes
///   no more events until a launch folds it.
///
/// Warnings go to the injected `warn` closure, each distinct warning once per store. They
/// start with `warning:` and name no program: the caller prefixes its own name.
package final class FileLaunchStore: LaunchStore, Sendable {
  /// The state directory.
  package let directory: String
  /// The state file, `directory/launch-state.json`.
  package let path: String
  /// The sidecar lock file, `directory/launch-state.json.lock`.
  package let lockPath: String
  /// The usage events recorded since the last fold, `directory/events.log`.
  package let eventLogPath: String
  /// The app whose state this is, when known: a file naming another app is left alone.
  package let appID: String?
  /// A pause between writing the temporary file and renaming it (crash tests; honoured by
  /// debug builds only).
  package let writeDelayMilliseconds: Int
  /// How long a transaction (or ``reset()``, or ``read()``) waits for a lock another process
  /// holds: one second. A transaction then goes on without recording, ``reset()`` throws and
  /// ``read()`` reads without the lock (safe: every write is a rename of a whole file).
  package static let lockWait: Duration = .seconds(1)

  private let warnSink: @Sendable (String) -> Void
  private let now: @Sendable () -> Date
  private let warned = Mutex<[String]>([])

  /// Creates a store in `directory` for `appID` (nil: any app's file is used). `warn`
  /// receives one-line warnings; `now` dates the names of corrupt files moved aside.
  package init(
    directory: String, appID: String? = nil, writeDelayMilliseconds: Int = 0,
    now: @escaping @Sendable () -> Date = { Date() },
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.directory = directory
    self.path = directory + "/" + StateLocation.fileName
    self.lockPath = path + ".lock"
    self.eventLogPath = directory + "/" + Self.eventLogName
    self.appID = appID
    self.writeDelayMilliseconds = writeDelayMilliseconds
    self.now = now
    self.warnSink = warn
  }

  package func transaction<R>(_ body: (LaunchStateTransaction) throws -> R) throws -> R {
    var readOnlyReason: String?
    var lockWasBusy = false
    var lockFD: Int32 = -1
    defer { if lockFD >= 0 { close(lockFD) } }  // closing releases the flock
    // A directory another user can write to, or reach through a link of theirs, is theirs as
    // much as this user's: nothing in it is read or written, not even the lock.
    var foreignDirectory = false
    let opened = Platform.openStateDirectory(directory, create: true)
    let dir: Int32
    if case .opened(let fd) = opened { dir = fd } else { dir = -1 }
    defer { if dir >= 0 { close(dir) } }
    switch opened {
    case .missing: readOnlyReason = "\(directory) is missing"
    case .unusable(let problem): readOnlyReason = problem
    case .foreign(let problem):
      foreignDirectory = true
      readOnlyReason = "\(directory) \(problem)"
      warn("warning: not recording launches in \(directory), which \(problem)")
    case .opened:
      do {
        lockFD = try Platform.openStateFile(Self.lockName, O_RDWR | O_CREAT, in: dir)
      } catch {
        readOnlyReason = "cannot open \(lockPath): \(error.message)"
      }
      if lockFD >= 0 {
        switch Platform.lock(lockFD, exclusive: true, waitingAtMost: Self.lockWait) {
        case .locked: break
        case .busy:
          lockWasBusy = true
          readOnlyReason = Self.busyReason
        case .failed(let problem): readOnlyReason = "cannot lock \(lockPath): \(problem)"
        }
      }
    }
    if lockWasBusy {
      warn(
        "warning: another launch has held \(lockPath) for over a second (its update steps may be "
          + "running); going on without recording this launch")
    } else if let readOnlyReason, !foreignDirectory {
      warn("warning: cannot record launches (\(readOnlyReason)); continuing without saving")
    }

    var state: LaunchState?
    var wasReset = false
    switch dir < 0 ? .empty : load(in: dir) {
    case .empty:
      break
    case .state(let s):
      state = s
    case .newerSchema(let schema, let s):
      state = s
      if readOnlyReason == nil {
        readOnlyReason = "newer schema"
        warn(
          "warning: \(path) has schema \(schema), newer than this program understands "
            + "(\(LaunchState.currentSchema)); leaving it untouched")
      }
    case .foreign(let why):
      if readOnlyReason == nil {
        readOnlyReason = "foreign file"
        warn("warning: \(path) \(why); not reading or writing it")
      }
    case .unreadable(let why):
      if readOnlyReason == nil {
        readOnlyReason = "unreadable file"
        warn("warning: cannot read \(path): \(why); continuing without saving")
      }
    case .corrupt(let why):
      if readOnlyReason != nil {
        warn("warning: \(path) is corrupt (\(why)); ignoring it")
      } else {
        let aside = corruptName(in: dir)
        if renameat(dir, StateLocation.fileName, dir, aside) == 0 {
          wasReset = true
          warn(
            "warning: \(path) was corrupt (\(why)); moved it to \(directory)/\(aside) and started afresh")
        } else {
          readOnlyReason = "cannot move corrupt file aside"
          warn(
            "warning: \(path) is corrupt (\(why)) and cannot be moved aside: "
              + "\(Platform.errnoMessage()); continuing without saving")
        }
      }
    }

    if readOnlyReason == nil, let before = state { state = foldEvents(into: before, in: dir) }
    let tx = LaunchStateTransaction(
      state: state, stateWasReset: wasReset, readOnlyReason: readOnlyReason, lockWasBusy: lockWasBusy
    ) { self.write($0, durable: $1, in: dir) }
    let result = try body(tx)
    try tx.save()
    return result
  }

  package func read() throws -> LaunchStoreSnapshot {
    // Reading changes nothing: the directory is opened as named, and its files in it.
    let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard dir >= 0 else {
      if errno == ENOENT { return .empty }
      return .unusable(reason: "cannot open \(directory): \(Platform.errnoMessage())")
    }
    defer { close(dir) }
    let fd = (try? Platform.openStateFile(Self.lockName, O_RDONLY, in: dir)) ?? -1
    defer { if fd >= 0 { close(fd) } }
    if fd >= 0 { _ = Platform.lock(fd, exclusive: false, waitingAtMost: Self.lockWait) }
    switch load(in: dir) {
    case .empty: return .empty
    case .state(let s): return .state(withLoggedEvents(s, in: dir))
    case .newerSchema(let schema, let s):
      return .newerSchema(schema: schema, state: s.map { withLoggedEvents($0, in: dir) })
    case .corrupt(let why): return .unusable(reason: "\(path) is corrupt (\(why))")
    case .foreign(let why): return .unusable(reason: "\(path) \(why)")
    case .unreadable(let why): return .unusable(reason: "cannot read \(path): \(why)")
    }
  }

  package func reset() throws { _ = try reset(alsoRemoving: []) }

  /// Forgets the state: under the state lock, removes the state file, the event log and the
  /// files named `others` (what else the launches made in the directory), then the lock file.
  /// Returns the names it removed, in that order (none when the directory is missing). A
  /// directory that fails the ownership check (``Platform/openStateDirectory(_:create:)``) is
  /// left alone; a name that is not a file (a directory, say) is not removed. Either throws a
  /// ``LaunchStoreError`` saying what was removed and what was not.
  package func reset(alsoRemoving others: [String]) throws -> [String] {
    let dir: Int32
    switch Platform.openStateDirectory(directory, create: false) {
    case .opened(let fd): dir = fd
    case .missing: return []
    case .unusable(let problem): throw LaunchStoreError("nothing removed: \(problem)")
    case .foreign(let problem): throw LaunchStoreError("nothing removed from \(directory), which \(problem)")
    }
    defer { close(dir) }
    let fd = try openLocked(
      Self.lockName, in: dir, O_RDWR | O_CREAT, exclusive: true,
      busy: "\(Self.busyReason) (\(lockPath)); try again when it has finished")
    defer { close(fd) }
    var removed: [String] = []
    var failed: [String] = []
    for name in [StateLocation.fileName, Self.eventLogName] + others + [Self.lockName] {
      if unlinkat(dir, name, 0) == 0 {
        removed.append(name)
      } else if errno != ENOENT {
        failed.append("\(name) (\(Platform.errnoMessage()))")
      }
    }
    fsync(dir)
    guard failed.isEmpty else {
      let done = removed.isEmpty ? "nothing removed" : "removed \(removed.joined(separator: ", "))"
      throw LaunchStoreError(
        "cannot remove \(failed.joined(separator: ", ")) in \(directory); \(done)")
    }
    return removed
  }

  /// Opens `name` in `dir` with `flags` (as ``Platform/openStateFile(_:_:in:)`` does) and locks it,
  /// `exclusive` or shared, waiting at most ``lockWait``; the caller closes the descriptor.
  /// Throws a ``LaunchStoreError``: `busy` when another holder kept the lock, else what went
  /// wrong and with which file.
  private func openLocked(_ name: String, in dir: Int32, _ flags: Int32, exclusive: Bool, busy: String) throws
    -> Int32
  {
    let file = directory + "/" + name
    let fd: Int32
    do {
      fd = try Platform.openStateFile(name, flags, in: dir)
    } catch {
      throw LaunchStoreError("cannot open \(file): \(error.message)")
    }
    switch Platform.lock(fd, exclusive: exclusive, waitingAtMost: Self.lockWait) {
    case .locked: return fd
    case .busy:
      close(fd)
      throw LaunchStoreError(busy)
    case .failed(let problem):
      close(fd)
      throw LaunchStoreError("cannot lock \(file): \(problem)")
    }
  }

  // MARK: - Usage events

  /// The event log's file name in the state directory.
  package static let eventLogName = "events.log"
  /// The lock's file name in the state directory.
  static let lockName = StateLocation.fileName + ".lock"
  /// The size past which `events.log` takes no more events (about 40,000 of them) until a
  /// launch folds it into the state.
  package static let maximumLogSize = 1 << 20

  /// Appends one `name` event at `date` to `events.log`: one `write` with `O_APPEND` under a
  /// shared `flock` on the log (a fold holds it exclusively), no fsync, no state lock; on a
  /// line of its own when the log's last line was cut short (a newline first). Throws a
  /// ``LaunchStoreError`` naming the problem: a bad name, a state directory that cannot be
  /// used, a full log.
  package func record(_ name: String, at date: Date) throws {
    if let problem = UsageEvents.problem(withName: name) { throw LaunchStoreError(problem) }
    let dir: Int32
    switch Platform.openStateDirectory(directory, create: true) {
    case .opened(let fd): dir = fd
    case .missing: throw LaunchStoreError("cannot record the event: \(directory) is missing")
    case .unusable(let problem): throw LaunchStoreError("cannot record the event: \(problem)")
    case .foreign(let problem):
      throw LaunchStoreError("not recording events in \(directory), which \(problem)")
    }
    defer { close(dir) }
    // Another app's state (an --app-id that is not the directory's) is not counted into.
    if appID != nil, case .foreign(let why) = load(in: dir) {
      throw LaunchStoreError("\(path) \(why); event not recorded")
    }
    let fd = try openLocked(
      Self.eventLogName, in: dir, O_RDWR | O_CREAT | O_APPEND, exclusive: false,
      busy: "\(eventLogPath) stayed locked for over a second; event not recorded")
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && info.st_size >= Self.maximumLogSize {
      throw LaunchStoreError(
        "\(eventLogPath) is full (\(Self.maximumLogSize >> 20) MiB); a launch of the app folds it into the state"
      )
    }
    var line = UsageEvents.logLine(name, at: date)
    // A last line cut short (a full disk, a size limit) would swallow this one: start afresh.
    if info.st_size > 0, Platform.lastByte(of: fd, size: info.st_size) != 0x0A { line = "\n" + line }
    if let problem = Platform.writeAll(fd, line) {
      throw LaunchStoreError("cannot write \(eventLogPath): \(problem)")
    }
  }

  /// `state` with the events of `events.log` folded in and written, and the log emptied (see
  /// the type's notes); `state` unchanged when there is nothing to fold or the fold cannot
  /// finish (the log then stays as it is, for the next transaction).
  private func foldEvents(into state: LaunchState, in dir: Int32) -> LaunchState {
    guard case .regular = Platform.fileKind(Self.eventLogName, in: dir),
      let fd = try? Platform.openStateFile(Self.eventLogName, O_RDWR | O_APPEND, in: dir)
    else { return state }
    defer { close(fd) }
    guard Platform.lock(fd, exclusive: true, waitingAtMost: Self.lockWait) == .locked,
      let (log, dropped) = Self.readLog(fd), !log.isEmpty
    else { return state }
    if dropped > 0 {
      warn(
        "warning: \(eventLogPath) held more than \(Platform.maximumFileSizeText); folding the events of its "
          + "last \(Platform.maximumFileSizeText), the \(dropped) bytes before them left out")
    }
    var folded = state
    folded.events = state.events.adding(log: log)
    let mark = String(UInt64.random(in: 1...UInt64.max), radix: 16)
    folded.events.logMark = mark
    guard Platform.writeAll(fd, UsageEvents.markLine(mark)) == nil,
      write(folded, durable: false, in: dir) == nil
    else { return state }
    if ftruncate(fd, 0) != 0 {
      warn("warning: cannot empty \(eventLogPath): \(Platform.errnoMessage())")
    }
    return folded
  }

  /// The event log open at `fd`: all of it, or, past ``Platform/maximumFileSize`` (a log
  /// written by hand or by another program: ``record(_:at:)`` stops at ``maximumLogSize``),
  /// its last lines within that size, with the count of the bytes before them left out.
  private static func readLog(_ fd: Int32) -> (log: [UInt8], dropped: Int)? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    let size = Int(info.st_size)
    guard size > Platform.maximumFileSize else { return (try? Platform.readAll(fd)).map { ($0, 0) } }
    // From the byte before the kept part, so that a line starting exactly there is kept.
    let start = size - Platform.maximumFileSize - 1
    guard var tail = Platform.readBytes(fd, at: start, count: size - start),
      let newline = tail.firstIndex(of: 0x0A)
    else { return nil }
    tail.removeSubrange(...newline)
    return (tail, size - tail.count)
  }

  /// `state` with the events of `events.log` not yet folded into it added (nothing written).
  private func withLoggedEvents(_ state: LaunchState, in dir: Int32) -> LaunchState {
    guard let fd = try? Platform.openStateFile(Self.eventLogName, O_RDONLY, in: dir) else { return state }
    defer { close(fd) }
    guard let (log, _) = Self.readLog(fd), !log.isEmpty else { return state }
    var merged = state
    merged.events = state.events.adding(log: log)
    return merged
  }

  // MARK: - Reading

  private enum Loaded {
    case empty
    case state(LaunchState)
    case newerSchema(Int, LaunchState?)
    case corrupt(String)
    case foreign(String)
    case unreadable(String)
  }

  /// A state file larger than this is not read but treated as corrupt (a real one holds a
  /// few kilobytes): the store's own policy, checked before ``Platform/readAll(_:)`` (whose
  /// limit is every file's).
  static let maximumFileSize = 4 * 1_048_576

  private func load(in dir: Int32) -> Loaded {
    switch Platform.fileKind(StateLocation.fileName, in: dir) {
    case .missing: return .empty
    case .symlink: return .foreign("is a symbolic link")
    case .other: return .foreign("is not a regular file")
    case .error(let why): return .unreadable(why)
    case .regular: break
    }
    let fd: Int32
    do {
      fd = try Platform.openStateFile(StateLocation.fileName, O_RDONLY, in: dir)
    } catch {
      return .unreadable(error.message)
    }
    defer { close(fd) }
    var st = stat()
    if fstat(fd, &st) == 0 && st.st_size > Self.maximumFileSize {
      return .corrupt("larger than \(Self.maximumFileSize / 1_048_576) MiB")
    }
    let bytes: [UInt8]
    do { bytes = try Platform.readAll(fd) } catch { return .unreadable(error.message) }
    let loaded = Self.decode(bytes)
    if let appID, case .state(let state) = loaded, state.appID != appID {
      return .foreign("belongs to the app \"\(state.appID)\", not \"\(appID)\"")
    }
    return loaded
  }

  private static func decode(_ bytes: [UInt8]) -> Loaded {
    if bytes.isEmpty { return .corrupt("empty file") }
    let json: StateJSON
    do {
      json = try StateJSON.parse(bytes)
    } catch {
      return .corrupt("not JSON at \(error.position): \(error.problem)")
    }
    guard case .object(let top) = json else { return .corrupt("not a JSON object") }
    guard let schema = top["schema"]?.int else { return .corrupt("no schema number") }
    do {
      let state = try LaunchStateCodec.decode(json)
      if state.schema > LaunchState.currentSchema { return .newerSchema(state.schema, state) }
      if state.schema < 1 { return .corrupt("unknown schema \(state.schema)") }
      // A state exists only after a launch: a lower count was not written by this store.
      if state.launchCount < 1 { return .corrupt("bad value at launchCount") }
      return .state(state)
    } catch {
      // A newer schema may have changed the shape; otherwise it is corrupt.
      if schema > LaunchState.currentSchema { return .newerSchema(schema, nil) }
      return .corrupt("\(error)")
    }
  }

  // MARK: - Writing

  /// Writes `state` atomically, and durably when `durable`. A failure is a warning (and the
  /// returned reason), never an error.
  private func write(_ state: LaunchState, durable: Bool, in dir: Int32) -> String? {
    var bytes: [UInt8]
    do {
      bytes = try state.json()
    } catch {
      warn("warning: cannot encode the launch state: \(error)")
      return "cannot encode the state"
    }
    bytes.append(0x0A)
    // One fixed name: only the lock holder writes, and a file left by a killed writer is
    // simply replaced.
    let temp = "." + StateLocation.fileName + ".tmp"
    do {
      try Platform.replaceFile(
        StateLocation.fileName, with: bytes, temporary: temp, durable: durable, in: dir
      ) {
        #if DEBUG
          // A test knob (the crash tests aim kills between the write and the rename); release
          // builds leave it out.
          Platform.sleep(milliseconds: writeDelayMilliseconds)
        #endif
      }
    } catch {
      warn("warning: cannot record launches (writing \(path): \(error.message))")
      return "writing \(path): \(error.message)"
    }
    return nil
  }

  // MARK: - Helpers

  /// The read-only reason of a transaction that found the lock held too long.
  static let busyReason = "another launch holds the state lock"

  /// A free name in `dir` for the state file moved aside as corrupt.
  private func corruptName(in dir: Int32) -> String {
    let base = StateLocation.fileName + ".corrupt-" + Platform.compactUTC(now().timeIntervalSince1970)
    var candidate = base
    var n = 1
    if case .missing = Platform.fileKind(candidate, in: dir) { return candidate }
    while true {
      n += 1
      candidate = base + "-\(n)"
      if case .missing = Platform.fileKind(candidate, in: dir) { return candidate }
    }
  }

  private func warn(_ message: String) {
    let isNew = warned.withLock { warned in
      if warned.contains(message) { return false }
      warned.append(message)
      return true
    }
    if isNew { warnSink(message) }
  }
}

/// A failure of a launch store that the caller should report.
package struct LaunchStoreError: Error, Sendable, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
