/*
 * The least a pager on ncurses does, as a floor for scripts/bench cases 5 and 6: read a text
 * file, show its first page with a coloured footer, scroll one line per `j`, quit on `q`.
 * It sets ncurses up the way CursesTerminal does for speed (its own SIGTSTP handler, a refresh
 * after endwin right after newterm so frames go out in one write, no typeahead checks, a
 * scrolling region for `j`), and does nothing else: no Markdown, no layout, no canvas.
 *
 *   cc -O2 -fPIE -static-pie pager.c -o pager-c -lncursesw -ltinfo
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char **lines;
static int count;

static void ignore_tstp(int signal) { (void)signal; }

static void footer(int top, int rows) {
  attron(COLOR_PAIR(1));
  mvprintw(rows - 1, 0, " %d-%d/%d  %s", top + 1, top + rows - 1, count, top == 0 ? "Top" : "");
  clrtoeol();
  attroff(COLOR_PAIR(1));
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: pager-c FILE\n");
    return 2;
  }
  setlocale(LC_CTYPE, "");
  FILE *file = fopen(argv[1], "r");
  if (!file) {
    perror(argv[1]);
    return 1;
  }
  static char text[1 << 20];
  size_t size = fread(text, 1, sizeof text - 1, file);
  text[size] = 0;
  lines = malloc(sizeof(char *) * (size + 1));
  for (char *p = text; *p;) {
    lines[count++] = p;
    char *end = strchr(p, '\n');
    if (!end) break;
    *end = 0;
    p = end + 1;
  }
  signal(SIGTSTP, ignore_tstp);
  newterm(NULL, stdout, stdin);
  endwin();
  refresh();
  typeahead(-1);
  raw();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  idlok(stdscr, TRUE);
  scrollok(stdscr, TRUE);
  start_color();
  use_default_colors();
  init_pair(1, 250, 236);
  int rows = LINES, top = 0;
  for (int i = 0; i < rows - 1 && i < count; i++) mvaddstr(i, 0, lines[i]);
  footer(top, rows);
  refresh();
  for (;;) {
    int key = getch();
    if (key == 'q' || key == ERR) break;
    if (key == 'j' && top + rows - 1 < count) {
      top++;
      setscrreg(0, rows - 2);
      scrl(1);
      setscrreg(0, rows - 1);
      move(rows - 2, 0);
      clrtoeol();
      mvaddstr(rows - 2, 0, lines[top + rows - 2]);
      footer(top, rows);
      refresh();
    }
  }
  endwin();
  return 0;
}
