import LaunchTracking

/// A request the greeter cannot run, keyed by the parameter at fault as the API names it
/// (`minImportance`, not `--min-importance`): what `whatsnew-greet` answers with
/// `{"error": {"parameter": …, "message": …}}`, what the Python and Node wrappers raise with
/// the parameter's name, and what `whatsnew greet` reports with its option's name.
package struct RequestError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The parameter at fault, as the request names it; nil for the request as a whole (not
  /// JSON, or another protocol).
  package var parameter: GreetRequest.Key?
  /// What is wrong, without the parameter's name: `must be patch, minor, major or critical, not "huge"`.
  package var message: String
  /// True for a value the caller wrote wrongly (the command line's usage error, status 2);
  /// false for a file named correctly that cannot be used (a steps file: status 1).
  package var isUsage: Bool
  /// The parameter this one needs and was given without (`upgradeCommand` needs `feed`).
  package var needs: GreetRequest.Key?

  package init(parameter: GreetRequest.Key?, message: String, isUsage: Bool = true) {
    self.parameter = parameter
    self.message = message
    self.isUsage = isUsage
  }

  /// `parameter` was given without `other`, which it needs.
  static func needs(_ parameter: GreetRequest.Key, _ other: GreetRequest.Key) -> RequestError {
    var error = RequestError(parameter: parameter, message: "needs \(other.rawValue)")
    error.needs = other
    return error
  }

  /// `minImportance: must be …`, or the message alone for the request as a whole.
  package var description: String {
    parameter.map { "\($0.rawValue): \(message)" } ?? message
  }

  /// The answer `whatsnew-greet` writes for it: `{"protocol": 1, "error": {"parameter", "message"}}`.
  package func json() -> [UInt8] {
    struct Answer: Encodable {
      struct Body: Encodable {
        var parameter: String?
        var message: String

        func encode(to encoder: any Encoder) throws {
          var c = encoder.container(keyedBy: CodingKeys.self)
          try c.encode(parameter, forKey: .parameter)  // null for the request as a whole
          try c.encode(message, forKey: .message)
        }

        private enum CodingKeys: String, CodingKey { case parameter, message }
      }
      var `protocol` = GreetRequest.protocolVersion
      var error: Body
    }
    let answer = Answer(error: .init(parameter: parameter?.rawValue, message: message))
    return ((try? StateJSONEncoder(pretty: false).encode(answer)) ?? []) + [0x0A]
  }

  /// `must be a, b or c, not "x"`: the closed list a value was not in.
  static func notOneOf(_ key: GreetRequest.Key, _ values: [String], got: String) -> RequestError {
    RequestError(parameter: key, message: "must be \(listed(values)), not \(quoted(got))")
  }

  /// `a, b or c`.
  package static func listed(_ values: [String]) -> String {
    guard let last = values.last else { return "" }
    return values.count == 1 ? last : values.dropLast().joined(separator: ", ") + " or " + last
  }

  /// A value quoted for a message, cut at 64 characters and escaped as JSON escapes it.
  package static func quoted(_ value: String) -> String {
    var text = ""
    for scalar in value.unicodeScalars.prefix(64) {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        text += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return "\"" + text + (value.unicodeScalars.count > 64 ? "…" : "") + "\""
  }
}
