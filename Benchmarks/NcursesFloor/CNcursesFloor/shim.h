#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <signal.h>

/// The footer in colour pair 1, to the end of the row (the variadic `mvprintw` is not
/// callable from Swift).
static inline void floor_footer(int row, const char *text) {
  attron(COLOR_PAIR(1));
  mvaddstr(row, 0, text);
  clrtoeol();
  attroff(COLOR_PAIR(1));
}
