// libFuzzer target: the launch-state file decoder (LaunchTracking).
//
// Built by scripts/fuzz from Sources/LaunchTracking. Each input is written as
// `launch-state.json` in a scratch directory and read through `FileLaunchStore.read()`,
// the same path a launch takes (file checks, read, schema probe, decode). Whatever the
// bytes, reading must not trap, and:
// - an unusable file is reported with a one-line reason naming the file;
// - a state that decodes survives an encode/decode round trip unchanged;
// - LaunchStateCodec agrees with an independent reader (ReferenceStateDecoder.swift, a link to
//   the one in Tests/LaunchTrackingTests, built on JSONSerialization): a state one reads, the
//   other reads the same. The codec's JSON syntax is RFC 8259's, stricter than JSONSerialization
//   (which takes trailing commas and repeated keys), so a text only JSONSerialization parses is
//   not compared.

import Foundation
import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scratch directory under `$TMPDIR` (`/tmp` when unset), removed when the fuzzer exits.
let scratch: String = {
  let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  var template = Array("\(base)/whatsnew-fuzz-state-XXXXXX".utf8CString)
  guard let dir = mkdtemp(&template) else { fatalError("fuzz state: mkdtemp failed") }
  atexit { removeScratch() }
  return String(cString: dir)
}()

func removeScratch() { try? FileManager.default.removeItem(atPath: scratch) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzState(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = scratch + "/launch-state.json"
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard fd >= 0 else { fatalError("fuzz state: cannot write \(path)") }
  var offset = 0
  while offset < size {
    let n = write(fd, data + offset, size - offset)
    guard n > 0 else { fatalError("fuzz state: short write") }
    offset += n
  }
  close(fd)

  let store = FileLaunchStore(directory: scratch, warn: { _ in })
  let snapshot: LaunchStoreSnapshot
  do {
    snapshot = try store.read()
  } catch {
    fatalError("fuzz state: read() threw \(error)")
  }
  switch snapshot {
  case .empty:
    fatalError("fuzz state: an existing file read as empty")
  case .unusable(let reason):
    if !reason.contains(path) || reason.contains("\n") {
      fatalError("fuzz state: unclear reason \(reason.debugDescription)")
    }
  case .state(let state), .newerSchema(_, .some(let state)):
    roundTrip(state)
  case .newerSchema(_, .none):
    break
  }
  compareWithReference(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

/// The codec and the reference reader agree on what `bytes` hold.
func compareWithReference(_ bytes: [UInt8]) {
  let mine: LaunchState?
  var failure = ""
  do {
    mine = try LaunchState(json: bytes)
  } catch {
    mine = nil
    failure = error.description
  }
  switch ReferenceStateDecoder.decode(Data(bytes)) {
  case .undecided:
    break
  case .state(let reference):
    let syntaxOnly = failure.hasPrefix("bad value at top level (")
    if mine != reference && !syntaxOnly {
      fatalError(
        "fuzz state: the reference reads a state the codec reads as \(mine.map { "\($0)" } ?? failure)")
    }
  case .rejected:
    if let mine { fatalError("fuzz state: the codec reads a state the reference rejects: \(mine)") }
  }
}

/// Encoding a decoded state and decoding it again gives the same state.
func roundTrip(_ state: LaunchState) {
  do {
    let again = try LaunchState(json: state.json())
    if again != state { fatalError("fuzz state: round trip changed the state") }
  } catch {
    fatalError("fuzz state: a decoded state does not round-trip: \(error)")
  }
}
