// whatsnew-greet: the greeting executable the Python and npm packages carry. It reads one
// request (JSON, protocol 1: docs/protocol.md) to its end, runs it through the same path as
// `whatsnew greet` (GreetRequest.run) and writes the outcome as JSON. No ArgumentParser: its
// own arguments are the four below.

import GreetProtocol
import LaunchGreeter
import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: whatsnew-greet [--in FD] [--out FD]
         whatsnew-greet --schema

  Reads a request (JSON, protocol 1) from file descriptor FD (default 0, standard input) to
  its end, greets or records as it asks, and writes the outcome (JSON) to FD (default 1).
  --schema prints the request's parameters and their values. Exit status: 0, 1 when the
  notes, steps or state cannot be used (the outcome's problems say why), 2 for a request it
  refuses (the answer's "error" names the parameter), 130 after Ctrl-C.

  """

/// The descriptors named by `--in` and `--out`, or nil (after a line on stderr) for anything else.
func descriptors(_ arguments: [String]) -> (input: Int32, output: Int32)? {
  var input: Int32 = 0
  var output: Int32 = 1
  var rest = arguments[...]
  while let name = rest.popFirst() {
    guard name == "--in" || name == "--out", let value = rest.popFirst(), let fd = Int32(value), fd >= 0
    else {
      Platform.writeAll(2, "whatsnew-greet: unknown argument \(name)\n" + usage)
      return nil
    }
    if name == "--in" { input = fd } else { output = fd }
  }
  return (input, output)
}

func main() -> Int32 {
  Platform.ignoreFileSizeSignal()
  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments == ["--help"] || arguments == ["-h"] {
    Platform.writeAll(1, usage)
    return 0
  }
  if arguments == ["--schema"] {
    guard let schema = try? RequestSchema().json() else { return 1 }
    return Platform.writeAll(1, schema) == nil ? 0 : 1
  }
  guard let (input, output) = descriptors(arguments) else { return 2 }
  // The request's and the answer's descriptors are the caller's: nothing started here (a step,
  // the feed's background check) may keep them open, or a caller reading the answer to its end
  // waits for that process too (for a feed server that does not answer, curl's whole timeout).
  for fd in Set([input, output]) where fd > 2 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  let answer: GreetAnswer
  do throws(RequestError) {
    let bytes: [UInt8]
    do {
      bytes = try Platform.readAll(input)
    } catch {
      throw RequestError(parameter: nil, message: "cannot read the request: \(error.message)")
    }
    let request = try GreetRequest.decode(bytes)
    answer = try request.run(environment: ProcessEnvironment.current())
  } catch {
    Platform.writeAll(output, error.json())
    return 2
  }
  if let json = try? answer.report.json() { Platform.writeAll(output, json) }
  switch answer.outcome?.exit {
  case .interrupted(let signal?)?: GreeterTerminal.exit(killedBy: signal)
  case .interrupted(nil)?: return 130
  default: return answer.status
  }
}

exit(main())
