// The least a Swift pager on ncurses does, as a floor for scripts/bench cases 5 and 6: the same
// program as pager.c (first page with a coloured footer, `j` scrolls one line, `q` quits, ncurses
// set up as CursesTerminal sets it up), linked as scripts/build-release links whatsnew (static
// PIE, packed relocations), so the Swift runtime's start-up is in the figure and nothing else is.
//
//   swiftc -O -static-executable -static-stdlib -use-ld=lld -Xclang-linker -static-pie \
//     -Xlinker -z -Xlinker pack-relative-relocs -I Benchmarks/NcursesFloor \
//     Benchmarks/NcursesFloor/pager.swift -o pager-swift
//
// Built again with ArgumentParser importable (scripts/bench adds the release build's modules and
// ArgumentParser's objects), it reads its one argument through ArgumentParser, the grammar every
// whatsnew command is parsed by: that floor is what the Swift runtime, ncurses and the parse of
// a command line cost together, before any of whatsnew's own work.

import CNcursesFloor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

#if canImport(ArgumentParser)
  import ArgumentParser

  /// The pager's command line, declared as whatsnew declares its commands.
  struct PagerCommand: ParsableCommand {
    @Argument(help: "The text file to page.")
    var file: String
  }

  let path: String
  do {
    guard let command = try PagerCommand.parseAsRoot() as? PagerCommand else { exit(0) }
    path = command.file
  } catch {
    PagerCommand.exit(withError: error)
  }
#else
  guard CommandLine.arguments.count == 2 else {
    fputs("usage: pager-swift FILE\n", stderr)
    exit(2)
  }
  let path = CommandLine.arguments[1]
#endif
setlocale(LC_CTYPE, "")
let descriptor = open(path, O_RDONLY)
guard descriptor >= 0 else {
  perror(path)
  exit(1)
}
var status = stat()
fstat(descriptor, &status)
var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
let size = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
var lines: [String] = []
var lineStart = 0
for index in 0..<max(size, 0) where bytes[index] == UInt8(ascii: "\n") {
  lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self))
  lineStart = index + 1
}
signal(SIGTSTP) { _ in }
newterm(nil, stdout, stdin)
endwin()
refresh()
typeahead(-1)
raw()
noecho()
keypad(stdscr, true)
curs_set(0)
idlok(stdscr, true)
scrollok(stdscr, true)
start_color()
use_default_colors()
init_pair(1, 250, 236)
let rows = Int(LINES)
var top = 0

func footer() {
  floor_footer(Int32(rows - 1), " \(top + 1)-\(top + rows - 1)/\(lines.count)  \(top == 0 ? "Top" : "")")
}

for row in 0..<min(rows - 1, lines.count) { mvaddstr(Int32(row), 0, lines[row]) }
footer()
refresh()
while true {
  let key = getch()
  if key == Int32(UInt8(ascii: "q")) || key == ERR { break }
  if key == Int32(UInt8(ascii: "j")) && top + rows - 1 < lines.count {
    top += 1
    setscrreg(0, Int32(rows - 2))
    scrl(1)
    setscrreg(0, Int32(rows - 1))
    move(Int32(rows - 2), 0)
    clrtoeol()
    mvaddstr(Int32(rows - 2), 0, lines[top + rows - 2])
    footer()
    refresh()
  }
}
endwin()
