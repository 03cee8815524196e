#!/usr/bin/env python3
"""Turn a terminal capture with SGR colour escapes (tmux capture-pane -e -p) into an SVG.

Usage: ansi2svg.py WIDTH HEIGHT [TITLE] < capture.txt > screen.svg

Standard library only. Cells are laid out on a fixed grid (wide East Asian characters and
emoji take two cells), so what the SVG shows lines up as it did in the terminal.
"""
import re
import sys
import unicodedata
from xml.sax.saxutils import escape

CELL_W, CELL_H, FONT = 8.4, 18, 14
PAD = 12
BAR = 28  # the fake window title bar
DEFAULT_FG, DEFAULT_BG = "#d4d4d4", "#1b1d23"
BASIC = ["#1b1d23", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#d4d4d4",
         "#5c6370", "#ff7b86", "#b5e890", "#ffd68a", "#82c4ff", "#e09cf0", "#7fd6e0", "#ffffff"]


def xterm(n):
    if n < 16:
        return BASIC[n]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[n // 36], levels[(n // 6) % 6], levels[n % 6])
    v = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (v, v, v)


def width(ch):
    if unicodedata.combining(ch) or ch in "\u200d\ufe0f":
        return 0
    if unicodedata.east_asian_width(ch) in "WF" or 0x1F300 <= ord(ch) <= 0x1FAFF:
        return 2
    return 1


class Pen:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = self.strike = False

    def apply(self, params):
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0: self.reset()
            elif c == 1: self.bold = True
            elif c == 2: self.dim = True
            elif c == 3: self.italic = True
            elif c == 4: self.underline = True
            elif c == 7: self.reverse = True
            elif c == 9: self.strike = True
            elif c == 22: self.bold = self.dim = False
            elif c == 23: self.italic = False
            elif c == 24: self.underline = False
            elif c == 27: self.reverse = False
            elif c == 29: self.strike = False
            elif 30 <= c <= 37: self.fg = BASIC[c - 30]
            elif 90 <= c <= 97: self.fg = BASIC[c - 90 + 8]
            elif c == 39: self.fg = None
            elif 40 <= c <= 47: self.bg = BASIC[c - 40]
            elif 100 <= c <= 107: self.bg = BASIC[c - 100 + 8]
            elif c == 49: self.bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = xterm(codes[i + 2]); i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]); i += 4
                else:
                    colour = None
                if c == 38: self.fg = colour
                else: self.bg = colour
            i += 1

    def look(self):
        fg, bg = self.fg or DEFAULT_FG, self.bg
        if self.reverse:
            fg, bg = (self.bg or DEFAULT_BG), (self.fg or DEFAULT_FG)
        return (fg, bg, self.bold, self.dim, self.italic, self.underline, self.strike)


def parse(text, cols, rows):
    grid = [[(" ", 1, Pen().look()) for _ in range(cols)] for _ in range(rows)]
    pen = Pen()
    for r, line in enumerate(text.split("\n")[:rows]):
        c = 0
        for m in re.finditer(r"\x1b\[([0-9;]*)m|\x1b[^a-zA-Z]*[a-zA-Z]|(.)", line, re.S):
            if m.group(2) is None:
                if m.group(0).endswith("m"):
                    pen.apply(m.group(1))
                continue
            ch = m.group(2)
            w = width(ch)
            if w == 0:
                if c > 0:
                    prev = grid[r][c - 1]
                    grid[r][c - 1] = (prev[0] + ch, prev[1], prev[2])
                continue
            if c + w > cols:
                break
            grid[r][c] = (ch, w, pen.look())
            if w == 2:
                grid[r][c + 1] = ("", 0, pen.look())
            c += w
        # tmux leaves out the blanks at the end of a line even when they have a background
        # (ncurses cleared them with it); a line that ends with a background set carries it on.
        if (pen.bg is not None or pen.reverse) and c > 0 and grid[r][c - 1][2] == pen.look():
            for rest in range(c, cols):
                grid[r][rest] = (" ", 1, pen.look())
    return grid


def svg(grid, cols, rows, title):
    W = PAD * 2 + cols * CELL_W
    H = BAR + PAD * 2 + rows * CELL_H
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:.0f}" height="{H:.0f}" viewBox="0 0 {W:.0f} {H:.0f}">',
           "<style>text{font-family:'DejaVu Sans Mono','Menlo','Consolas',monospace;font-size:%dpx;white-space:pre}</style>" % FONT,
           f'<rect width="100%" height="100%" rx="8" fill="{DEFAULT_BG}"/>',
           f'<rect width="100%" height="{BAR}" rx="8" fill="#2c2f36"/><rect y="{BAR - 8}" width="100%" height="8" fill="#2c2f36"/>']
    for i, colour in enumerate(["#ff5f57", "#febc2e", "#28c840"]):
        out.append(f'<circle cx="{18 + i * 20}" cy="{BAR / 2}" r="6" fill="{colour}"/>')
    if title:
        out.append(f'<text x="{W / 2:.0f}" y="{BAR / 2 + 5}" fill="#9da5b4" text-anchor="middle">{escape(title)}</text>')
    top = BAR + PAD
    for r, row in enumerate(grid):
        y = top + r * CELL_H
        # Backgrounds, merged into runs.
        c = 0
        while c < cols:
            bg = row[c][2][1]
            start = c
            while c < cols and row[c][2][1] == bg:
                c += 1
            if bg:
                out.append(f'<rect x="{PAD + start * CELL_W:.1f}" y="{y}" width="{(c - start) * CELL_W + 0.5:.1f}" height="{CELL_H}" fill="{bg}"/>')
        # Text, one <text> per run of one look; wide characters get their own so they sit on the grid.
        c = 0
        while c < cols:
            ch, w, look = row[c]
            if w == 0 or ch == " ":
                c += 1
                continue
            start = c
            text = ""
            while c < cols and row[c][2] == look and row[c][1] == 1 and row[c][0] != "" and (w == 1):
                text += row[c][0]
                c += 1
            if not text:
                text = ch
                c += max(1, w)
            fg, _, bold, dim, italic, underline, strike = look
            attrs = [f'x="{PAD + start * CELL_W:.1f}"', f'y="{y + CELL_H - 5}"', f'fill="{fg}"']
            if bold: attrs.append('font-weight="bold"')
            if dim: attrs.append('opacity="0.6"')
            if italic: attrs.append('font-style="italic"')
            deco = " ".join(d for d, on in (("underline", underline), ("line-through", strike)) if on)
            if deco: attrs.append(f'text-decoration="{deco}"')
            text = text.rstrip()
            if not text:
                continue
            if len(text) > 1 and w == 1:
                attrs.append(f'textLength="{len(text) * CELL_W:.1f}" lengthAdjust="spacingAndGlyphs"')
            out.append(f"<text {' '.join(attrs)}>{escape(text)}</text>")
    out.append("</svg>")
    return "\n".join(out)


def main():
    cols, rows = int(sys.argv[1]), int(sys.argv[2])
    title = sys.argv[3] if len(sys.argv) > 3 else ""
    data = sys.stdin.buffer.read().decode("utf-8", "replace")
    sys.stdout.write(svg(parse(data, cols, rows), cols, rows, title) + "\n")


if __name__ == "__main__":
    main()
