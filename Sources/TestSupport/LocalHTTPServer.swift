import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP server on 127.0.0.1 for a test, in Python: `handler` is Python code defining a
/// request handler class `H` (with its imports, `http.server` and `threading` among them);
/// the server binds a free port, serves `H` (or `serving`, a Python expression for the
/// handler) and stops itself after `lifetime` seconds, or when ``stop()`` kills it.
package final class LocalHTTPServer {
  private let process = Process()
  /// The port it listens on; 0 when it did not start.
  package let port: Int

  /// Starts the server; `arguments` are its `sys.argv[1...]`.
  package init(handler: String, serving: String = "H", lifetime: Int, arguments: [String]) throws {
    let script = """
      \(handler)
      s = http.server.ThreadingHTTPServer(('127.0.0.1', 0), \(serving))
      threading.Timer(\(lifetime), s.shutdown).start()
      print(s.server_address[1], flush=True)
      s.serve_forever()
      """
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// The URL of `path` (which starts with `/`) on this server.
  package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Stops it at once (SIGKILL: the test process's blocked signals are inherited, so SIGTERM
  /// may wait) and waits for it to end.
  package func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
