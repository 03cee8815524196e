#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A background colour a terminal reports (OSC 11), each channel from 0 to 1.
package struct BackgroundColor: Sendable, Equatable, CustomStringConvertible {
  package var red: Double
  package var green: Double
  package var blue: Double

  package init(red: Double, green: Double, blue: Double) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Parses an X11 colour specification as terminals report it: `rgb:R/G/B` or
  /// `rgba:R/G/B/A`, each channel 1 to 4 hex digits (scaled: `f` and `ffff` are both 1).
  /// Nil for anything else.
  package init?(specification: some Sequence<UInt8>) {
    let text = Array(specification)
    let channels: Int
    let rest: ArraySlice<UInt8>
    if text.starts(with: Array("rgb:".utf8)) {
      channels = 3
      rest = text.dropFirst(4)
    } else if text.starts(with: Array("rgba:".utf8)) {
      channels = 4
      rest = text.dropFirst(5)
    } else {
      return nil
    }
    let parts = rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard parts.count == channels else { return nil }
    var values: [Double] = []
    for part in parts {
      guard (1...4).contains(part.count) else { return nil }
      var value = 0
      for byte in part {
        guard let digit = Self.hexDigit(byte) else { return nil }
        value = value * 16 + digit
      }
      let maximum = (1 << (4 * part.count)) - 1
      values.append(Double(value) / Double(maximum))
    }
    self.init(red: values[0], green: values[1], blue: values[2])
  }

  /// The WCAG relative luminance: 0 for black, 1 for white.
  package var relativeLuminance: Double {
    func linear(_ c: Double) -> Double {
      c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// True when dark text reads better on this background than light text: black's WCAG
  /// contrast ratio with it is higher than white's, which holds for a relative luminance above
  /// √(1.05 × 0.05) − 0.05 ≈ 0.179 (mid grey `#767676` and lighter).
  package var isLight: Bool {
    let l = relativeLuminance
    return (l + 0.05) / 0.05 > 1.05 / (l + 0.05)
  }

  /// `#rrggbb`.
  package var description: String {
    func hex(_ c: Double) -> String {
      let byte = Int((min(max(c, 0), 1) * 255).rounded())
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }
    return "#" + hex(red) + hex(green) + hex(blue)
  }

  // MARK: - Helpers

  private static func hexDigit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
  }
}

/// Reads a terminal's answers to the background query: the OSC 11 reply
/// (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`, ended by BEL or `ESC \`), then the Primary Device
/// Attributes reply (`ESC [ ? … c`) sent after it as a sentinel. Terminals answer in order, so
/// the DA1 reply ends the wait whether or not an OSC 11 reply came first.
///
/// Bytes that belong to neither reply (keys the user typed meanwhile) are kept in
/// ``typed``, in order, so the caller can hand them on as keys. Pure: the driver feeds it
/// what it reads.
package struct BackgroundReplyScanner: Sendable {
  /// The background colour, once an OSC 11 reply with a colour this parses has been read.
  package private(set) var color: BackgroundColor?
  /// True once an OSC 11 reply was read (with a colour or not).
  package private(set) var answeredColor = false
  /// True once the DA1 reply was read: nothing more is coming.
  package private(set) var isComplete = false
  /// Bytes that were not part of a reply, in the order they came.
  package private(set) var typed: [UInt8] = []

  package init() {}

  /// The longest OSC or CSI sequence kept; a longer one is not a reply, and is dropped.
  static let sequenceLimit = 64

  /// Feeds one byte; returns ``isComplete``.
  @discardableResult
  package mutating func feed(_ byte: UInt8) -> Bool {
    guard !isComplete else {
      typed.append(byte)
      return true
    }
    switch state {
    case .ground:
      if byte == 0x1B { state = .escape } else { typed.append(byte) }
    case .escape:
      switch byte {
      case UInt8(ascii: "]"):
        state = .osc
        sequence.removeAll(keepingCapacity: true)
      case UInt8(ascii: "["):
        state = .csi
        sequence.removeAll(keepingCapacity: true)
      case 0x1B:
        typed.append(0x1B)
      default:
        typed.append(contentsOf: [0x1B, byte])
        state = .ground
      }
    case .osc:
      if byte == 0x07 {
        finishOSC()
      } else if byte == 0x1B {
        state = .oscEscape
      } else if sequence.count < Self.sequenceLimit {
        sequence.append(byte)
      }
    case .oscEscape:
      // `ESC \` ends the string; any other escape ends it too, and starts a new sequence.
      finishOSC()
      if byte != UInt8(ascii: "\\") {
        state = .escape
        feed(byte)
      }
    case .csi:
      if sequence.count < Self.sequenceLimit { sequence.append(byte) }
      if (0x40...0x7E).contains(byte) {
        state = .ground
        if byte == UInt8(ascii: "c"), sequence.first == UInt8(ascii: "?") {
          isComplete = true
        } else {
          // A key's sequence (an arrow typed meanwhile): handed on as typed.
          typed.append(contentsOf: [0x1B, UInt8(ascii: "[")])
          typed.append(contentsOf: sequence)
        }
      }
    }
    return isComplete
  }

  /// How many bytes can be read next without reading past the end of the DA1 reply: the fewest
  /// that must still come before it can end (`ESC [ ? c` is the shortest), given what was fed.
  /// Reading that many at once consumes nothing that follows the reply, whatever comes; 0 once
  /// it is complete.
  package var safeReadCount: Int {
    guard !isComplete else { return 0 }
    switch state {
    case .ground: return 4
    // An OSC string is ended by the DA1 reply's own ESC at the soonest.
    case .osc: return 4
    case .escape, .oscEscape: return 3
    case .csi: return sequence.isEmpty ? 2 : 1
    }
  }

  /// Where the replies stand when reading stops here: nil once the DA1 reply is read.
  package var cut: BackgroundQuery.Answer.Cut? {
    guard !isComplete else { return nil }
    switch state {
    case .ground: return .betweenReplies
    case .escape: return .afterEscape
    case .osc: return .inString
    case .oscEscape: return .afterStringEscape
    // A key's sequence cut short (an arrow typed meanwhile) is not a reply.
    case .csi: return sequence.isEmpty || sequence.first == UInt8(ascii: "?") ? .inReply : .betweenReplies
    }
  }

  /// Feeds `bytes` in order; returns ``isComplete``.
  @discardableResult
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> Bool {
    for byte in bytes { feed(byte) }
    return isComplete
  }

  // MARK: - Helpers

  private enum State: Sendable { case ground, escape, osc, oscEscape, csi }
  private var state = State.ground
  private var sequence: [UInt8] = []

  private mutating func finishOSC() {
    state = .ground
    let prefix = Array("11;".utf8)
    guard sequence.starts(with: prefix) else { return }
    answeredColor = true
    if let parsed = BackgroundColor(specification: sequence.dropFirst(prefix.count)) { color = parsed }
  }
}
