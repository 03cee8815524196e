/// ASCII byte values by name. Transparent, so they cost nothing even in debug builds
/// (where `UInt8(ascii:)` is a function call per use).
enum ASCII {
  @_transparent static var quote: UInt8 { 34 }  // "
  @_transparent static var C: UInt8 { 67 }  // C
  @_transparent static var ampersand: UInt8 { 38 }  // &
  @_transparent static var apostrophe: UInt8 { 39 }  // '
  @_transparent static var asterisk: UInt8 { 42 }  // *
  @_transparent static var at: UInt8 { 64 }  // @
  @_transparent static var backslash: UInt8 { 92 }  // \
  @_transparent static var backtick: UInt8 { 96 }  // `
  @_transparent static var closeBracket: UInt8 { 93 }  // ]
  @_transparent static var closeParen: UInt8 { 41 }  // )
  @_transparent static var colon: UInt8 { 58 }  // :
  @_transparent static var equals: UInt8 { 61 }  // =
  @_transparent static var exclamation: UInt8 { 33 }  // !
  @_transparent static var greaterThan: UInt8 { 62 }  // >
  @_transparent static var hash: UInt8 { 35 }  // #
  @_transparent static var caret: UInt8 { 94 }  // ^
  @_transparent static var hyphen: UInt8 { 45 }  // -
  @_transparent static var lessThan: UInt8 { 60 }  // <
  @_transparent static var openBracket: UInt8 { 91 }  // [
  @_transparent static var openParen: UInt8 { 40 }  // (
  @_transparent static var percent: UInt8 { 37 }  // %
  @_transparent static var period: UInt8 { 46 }  // .
  @_transparent static var pipe: UInt8 { 124 }  // |
  @_transparent static var plus: UInt8 { 43 }  // +
  @_transparent static var question: UInt8 { 63 }  // ?
  @_transparent static var semicolon: UInt8 { 59 }  // ;
  @_transparent static var slash: UInt8 { 47 }  // /
  @_transparent static var tilde: UInt8 { 126 }  // ~
  @_transparent static var underscore: UInt8 { 95 }  // _
  @_transparent static var w: UInt8 { 119 }  // w
  @_transparent static var x: UInt8 { 120 }  // x
}
