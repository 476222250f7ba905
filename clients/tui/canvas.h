/*
 * canvas.h: what screens and game renderers draw on.
 *
 * A grid of character cells, each a code point with a style (attributes and
 * a colour from a small palette), plus clickable regions that name the
 * command a mouse click runs. Everything draws here, never on ncurses: the
 * terminal module copies a finished grid to the screen, and tests read a
 * grid back as text. The grid knows whether the terminal can show Unicode
 * and colours, so drawing code asks for glyphs by name (cv_glyph) and gets
 * the ASCII form when the locale is not UTF-8; colours that the terminal
 * lacks turn into attributes there.
 *
 * A `canvas` is a window on a grid: an origin and a clip rectangle. Drawing
 * outside it is silently clipped, so renderers need not check bounds.
 */
#ifndef BOTPIT_TUI_CANVAS_H
#define BOTPIT_TUI_CANVAS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* A style: attributes in the low byte, foreground colour above, background
 * above that. CV_FG(CV_RED) | CV_BOLD. */
typedef uint32_t cv_style;
enum { CV_BOLD = 1, CV_DIM = 2, CV_REVERSE = 4, CV_UNDERLINE = 8 };
#define CV_FG(c) ((cv_style)(c) << 8)
#define CV_BG(c) ((cv_style)(c) << 16)
#define CV_FG_OF(s) ((int)(((s) >> 8) & 0xff))
#define CV_BG_OF(s) ((int)(((s) >> 16) & 0xff))
#define CV_ATTRS_OF(s) ((s) & 0xff)

/* The palette. The first block are the terminal's own colours; the seat
 * colours follow the browser's Okabe–Ito set (kit.js), which a 256-colour
 * terminal shows as such and an 8-colour one approximates. */
typedef enum cv_color {
    CV_DEFAULT,
    CV_RED,
    CV_GREEN,
    CV_BLUE,
    CV_YELLOW,
    CV_WHITE,
    CV_CYAN,
    CV_MAGENTA,
    CV_BLACK,
    CV_GREY,
    CV_ORANGE,
    CV_SKY,
    CV_TEAL,       /* bluish green */
    CV_OI_YELLOW,
    CV_OI_BLUE,
    CV_VERMILLION,
    CV_PINK,
    CV_BROWN,
    CV_COLOR_COUNT
} cv_color;

/* Glyphs with a Unicode and an ASCII form, all one column wide. */
typedef enum cv_glyph {
    CV_G_DOT,       /* · */
    CV_G_BULLET,    /* • */
    CV_G_FULL,      /* █ */
    CV_G_SHADE,     /* ░ */
    CV_G_ARROW_N,   /* ↑ ↗ → ↘ ↓ ↙ ← ↖ : clockwise from north */
    CV_G_ARROW_NE,
    CV_G_ARROW_E,
    CV_G_ARROW_SE,
    CV_G_ARROW_S,
    CV_G_ARROW_SW,
    CV_G_ARROW_W,
    CV_G_ARROW_NW,
    CV_G_CIRCLE,    /* ● */
    CV_G_SQUARE,    /* ■ */
    CV_G_TRIANGLE,  /* ▲ */
    CV_G_DIAMOND,   /* ◆ */
    CV_G_PENTAGON,  /* ⬟ */
    CV_G_HEXAGON,   /* ⬢ */
    CV_G_STAR,      /* ★ */
    CV_G_OCTAGON,   /* ⯃ */
    CV_G_VORTEX,    /* ✺ */
    CV_G_RING,      /* ◎ */
    CV_G_CROSS,     /* ✕ */
    CV_G_CHECK,     /* ✓ */
    CV_G_SLASH,     /* ╱ */
    CV_G_BACKSLASH, /* ╲ */
    CV_G_ELLIPSIS,  /* … */
    CV_G_COUNT
} cv_glyph;

/* Line joints: which of the four arms a box-drawing character has. */
enum { CV_ARM_N = 1, CV_ARM_E = 2, CV_ARM_S = 4, CV_ARM_W = 8 };

typedef struct cv_cell {
    wchar_t ch;     /* 0 in the second column of a wide character */
    cv_style style;
} cv_cell;

#define CV_MAX_CLICKS 256
#define CV_CLICK_LEN 96

typedef struct cv_click {
    int y, x, w;
    char command[CV_CLICK_LEN];
} cv_click;

typedef struct cv_grid {
    int h, w;
    bool utf8;      /* the terminal shows Unicode */
    bool color;     /* ... and colours */
    cv_cell *cells; /* h * w; owned */
    int nclicks;
    cv_click clicks[CV_MAX_CLICKS];
    int cursor_y, cursor_x; /* where the terminal's cursor goes; -1: hidden */
} cv_grid;

typedef struct canvas {
    cv_grid *g;
    int y, x, h, w; /* this window, in grid coordinates */
} canvas;

/* Sizes the grid (clearing it); returns -1 when out of memory. */
int cv_grid_resize(cv_grid *g, int h, int w);
void cv_grid_clear(cv_grid *g);
void cv_grid_free(cv_grid *g);
/* The whole grid as a canvas. */
canvas cv_root(cv_grid *g);
/* A window inside c (clipped to it). */
canvas cv_sub(canvas c, int y, int x, int h, int w);

bool cv_utf8(const canvas *c);
bool cv_has_color(const canvas *c);

/* Text in UTF-8 at (y, x); returns the columns written. Invalid UTF-8 and,
 * without Unicode, every non-ASCII character show as '?'. Control
 * characters show as '?' too: player names never move the cursor. */
int cv_text(canvas c, int y, int x, cv_style st, const char *utf8);
int cv_textf(canvas c, int y, int x, cv_style st, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Like cv_text, but stops at max columns, ending with an ellipsis when cut. */
int cv_text_fit(canvas c, int y, int x, int max, cv_style st, const char *utf8);
/* Columns the text takes (as cv_text would draw it). */
int cv_text_width(const canvas *c, const char *utf8);
/* Word-wraps text into width columns from row y; returns the rows used. */
int cv_wrap(canvas c, int y, int x, int width, int max_rows, cv_style st, const char *utf8);
void cv_put(canvas c, int y, int x, cv_style st, wchar_t ch);
void cv_glyph_at(canvas c, int y, int x, cv_style st, cv_glyph g);
/* The glyph's text in this grid's mode (a static string). */
const char *cv_glyph_text(const canvas *c, cv_glyph g);
/* A box-drawing joint with the given arms (heavy or light). */
void cv_joint(canvas c, int y, int x, cv_style st, int arms, bool heavy);
void cv_hline(canvas c, int y, int x, int w, cv_style st);
void cv_vline(canvas c, int y, int x, int h, cv_style st);
/* A frame around the rectangle, with an optional title in its top edge. */
void cv_box(canvas c, int y, int x, int h, int w, cv_style st, const char *title);
void cv_fill(canvas c, int y, int x, int h, int w, cv_style st, wchar_t ch);
/* Restyles cells without changing their characters (highlights). */
void cv_restyle(canvas c, int y, int x, int w, cv_style st);
/* A click on these w cells runs command (a word command, see cmd.h). */
void cv_click_at(canvas c, int y, int x, int w, const char *command);
/* The command of the region under grid cell (y, x), or NULL. */
const char *cv_click_find(const cv_grid *g, int y, int x);
/* Puts the terminal cursor at (y, x) of c (text input). */
void cv_cursor(canvas c, int y, int x);

/* Reading back (tests, text captures): row y of the grid as UTF-8, trailing
 * spaces dropped. Returns buf. */
char *cv_row_text(const cv_grid *g, int y, char *buf, size_t len);
const cv_cell *cv_cell_at(const cv_grid *g, int y, int x);

/* Seats look the same everywhere: a colour, a shape and the number. */
cv_color cv_seat_color(int seat);
cv_glyph cv_seat_shape(int seat);
/* Draws the seat's mark (shape and number, two columns) at (y, x). */
void cv_seat_mark(canvas c, int y, int x, int seat);

#endif
