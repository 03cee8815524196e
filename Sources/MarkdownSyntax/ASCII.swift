/// ASCII byte values by name.
package enum ASCII {
  static var quote: UInt8 { 34 }  // "
  static var C: UInt8 { 67 }  // C
  static var ampersand: UInt8 { 38 }  // &
  static var apostrophe: UInt8 { 39 }  // '
  static var asterisk: UInt8 { 42 }  // *
  static var at: UInt8 { 64 }  // @
  static var backslash: UInt8 { 92 }  // \
  static var backtick: UInt8 { 96 }  // `
  static var closeBracket: UInt8 { 93 }  // ]
  static var closeParen: UInt8 { 41 }  // )
  static var colon: UInt8 { 58 }  // :
  static var equals: UInt8 { 61 }  // =
  static var exclamation: UInt8 { 33 }  // !
  package static var greaterThan: UInt8 { 62 }  // >
  static var hash: UInt8 { 35 }  // #
  static var caret: UInt8 { 94 }  // ^
  static var hyphen: UInt8 { 45 }  // -
  package static var lessThan: UInt8 { 60 }  // <
  static var openBracket: UInt8 { 91 }  // [
  static var openParen: UInt8 { 40 }  // (
  static var percent: UInt8 { 37 }  // %
  static var period: UInt8 { 46 }  // .
  static var pipe: UInt8 { 124 }  // |
  static var plus: UInt8 { 43 }  // +
  static var question: UInt8 { 63 }  // ?
  static var semicolon: UInt8 { 59 }  // ;
  package static var slash: UInt8 { 47 }  // /
  static var tilde: UInt8 { 126 }  // ~
  static var underscore: UInt8 { 95 }  // _
  static var w: UInt8 { 119 }  // w
  static var x: UInt8 { 120 }  // x
}
