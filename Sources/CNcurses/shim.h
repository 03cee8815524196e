#ifndef WHATSNEW_CNCURSES_SHIM_H
#define WHATSNEW_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncurses.h>

/// ncurses exposes some things as macros that Swift cannot import; these wrappers fill the gap.
static inline int whatsnew_color_pair(int n) { return COLOR_PAIR(n); }
static inline int whatsnew_key_resize(void) { return KEY_RESIZE; }
static inline int whatsnew_key_mouse(void) { return KEY_MOUSE; }
static inline chtype whatsnew_a_bold(void) { return A_BOLD; }
static inline chtype whatsnew_a_underline(void) { return A_UNDERLINE; }
static inline chtype whatsnew_a_reverse(void) { return A_REVERSE; }
static inline chtype whatsnew_a_dim(void) { return A_DIM; }
static inline chtype whatsnew_a_italic(void) { return A_ITALIC; }
static inline chtype whatsnew_a_normal(void) { return A_NORMAL; }
static inline int whatsnew_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int whatsnew_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int whatsnew_getcury(WINDOW *w) { return getcury(w); }
static inline int whatsnew_getcurx(WINDOW *w) { return getcurx(w); }

/// `stdscr` and `curscr` are C globals, which Swift 6 will not touch; these return them.
static inline WINDOW *whatsnew_stdscr(void) { return stdscr; }
static inline WINDOW *whatsnew_curscr(void) { return curscr; }
static inline int whatsnew_key_f(int n) { return KEY_F(n); }
static inline int whatsnew_key_code_yes(void) { return KEY_CODE_YES; }
static inline mmask_t whatsnew_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t whatsnew_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int whatsnew_colors(void) { return COLORS; }
static inline int whatsnew_color_pairs(void) { return COLOR_PAIRS; }

/// A terminfo string capability, or NULL when the terminal lacks it (ncurses returns -1 for
/// "not a string capability", which is awkward in Swift).
static inline const char *whatsnew_tigetstr(const char *name) {
  char *s = tigetstr((char *)name);
  if (s == (char *)-1) return 0;
  return s;
}

/// Paints one cell: `count` wide characters (a spacing one, then combining ones) with
/// attributes and a colour pair, at (`y`, `x`) of `stdscr`. Falls back to the first character
/// alone when ncurses refuses the combination. Returns ncurses' OK or ERR.
static inline int whatsnew_put_cell(int y, int x, const wchar_t *chars, int count, attr_t attrs, int pair) {
  wchar_t buffer[CCHARW_MAX + 1];
  int n = count < CCHARW_MAX ? count : CCHARW_MAX;
  for (int i = 0; i < n; i++) buffer[i] = chars[i];
  buffer[n] = 0;
  cchar_t cell;
  if (setcchar(&cell, buffer, attrs, (short)pair, 0) != OK) {
    buffer[1] = 0;
    if (setcchar(&cell, buffer, attrs, (short)pair, 0) != OK) return ERR;
  }
  return mvwadd_wch(stdscr, y, x, &cell);
}

/// Fills `cell` with one spacing wide character `ch`, attributes and a colour pair: what
/// `setcchar` makes of a one-character string, without its checks (the caller passes a
/// character `wcwidth` gives one column).
static inline void whatsnew_fill_cell(cchar_t *cell, wchar_t ch, attr_t attrs, int pair) {
  cell->attr = (attrs & ~A_COLOR) | (attr_t)COLOR_PAIR(pair > 255 ? 255 : pair);
  cell->chars[0] = ch;
  for (int i = 1; i < CCHARW_MAX; i++) cell->chars[i] = 0;
#if NCURSES_EXT_COLORS
  cell->ext_color = pair;
#endif
}

/// The columns the C library gives `ch` in the current locale (what ncurses places it by).
int wcwidth(wchar_t ch);
static inline int whatsnew_wcwidth(wchar_t ch) { return wcwidth(ch); }

/// Writes `count` cells (each of one column) to `stdscr` from (`y`, `x`) on, with one call.
/// Returns ncurses' OK or ERR.
static inline int whatsnew_put_cells(int y, int x, const cchar_t *cells, int count) {
  return mvwadd_wchnstr(stdscr, y, x, cells, count);
}

/// Scrolls rows `top` through `bottom` of `stdscr` up by `lines` (down when negative), blank
/// rows coming in, and leaves `stdscr` as it was otherwise: no scrolling region, no
/// scrolling when writing past its end. ncurses works out on refresh how to show it (the
/// terminal's scrolling region and index, or redrawing the rows). Returns OK or ERR.
static inline int whatsnew_scroll_rows(int top, int bottom, int lines) {
  WINDOW *w = stdscr;
  if (wsetscrreg(w, top, bottom) == ERR) return ERR;
  scrollok(w, TRUE);
  int rc = wscrl(w, lines);
  scrollok(w, FALSE);
  wsetscrreg(w, 0, getmaxy(w) - 1);
  return rc;
}

/// Reads one key with `wget_wch` into `*key`; returns OK, KEY_CODE_YES or ERR.
static inline int whatsnew_get_key(int *key) {
  wint_t ch = 0;
  int rc = wget_wch(stdscr, &ch);
  *key = (int)ch;
  return rc;
}


/// Reads back the cell at (`y`, `x`) of `stdscr`: its first character and its attributes
/// (for tests of what the painter left there). Returns ncurses' OK or ERR.
static inline int whatsnew_cell_at(int y, int x, wchar_t *ch, attr_t *attrs) {
  cchar_t cell;
  if (mvwin_wch(stdscr, y, x, &cell) == ERR) return ERR;
  wchar_t buffer[CCHARW_MAX + 1];
  short pair = 0;
  if (getcchar(&cell, buffer, attrs, &pair, 0) == ERR) return ERR;
  *ch = buffer[0];
  return OK;
}

#endif
