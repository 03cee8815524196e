import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair for tests that play the terminal: the test writes to `parent` what a
/// terminal would send, and the code under test reads and sets modes on `child`. Both ends
/// close when the pair ends.
package struct PseudoTerminalPair: ~Copyable {
  package let parent: Int32
  package let child: Int32

  /// Opens a pair. (`posix_openpt` and friends are hidden from Swift by the C library's
  /// feature macros, so they are looked up by name.)
  package init() throws {
    typealias IntCall = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    func lookUp<F>(_ name: String, as type: F.Type) throws -> F {
      unsafeBitCast(try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)), to: F.self)
    }
    let parent = try lookUp("posix_openpt", as: IntCall.self)(O_RDWR | O_NOCTTY)
    try #require(parent >= 0)
    guard try lookUp("grantpt", as: IntCall.self)(parent) == 0,
      try lookUp("unlockpt", as: IntCall.self)(parent) == 0,
      let name = try lookUp("ptsname", as: NameCall.self)(parent)
    else {
      close(parent)
      throw PseudoTerminalError()
    }
    let child = open(name, O_RDWR | O_NOCTTY)
    guard child >= 0 else {
      close(parent)
      throw PseudoTerminalError()
    }
    self.parent = parent
    self.child = child
  }

  deinit {
    close(child)
    close(parent)
  }

  /// Writes `bytes` to the parent side, as the terminal sending them.
  package func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(parent, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return }
      offset += n
    }
  }
}

/// The pseudo-terminal pair could not be set up.
package struct PseudoTerminalError: Error {}
