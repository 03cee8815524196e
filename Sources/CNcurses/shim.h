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

#endif
