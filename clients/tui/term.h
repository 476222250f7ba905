/*
 * term.h: the terminal, through ncursesw. The only module that includes
 * curses: it starts and ends curses mode, copies a finished canvas grid to
 * the screen, and reads keys (as keymap.h codes) and mouse clicks.
 *
 * Whatever way the program ends (a normal exit, Ctrl-C and the other
 * terminating signals, a crash signal), the terminal is given back as it
 * was: term_end runs from atexit and from the crash handlers, which then
 * pass the signal on to whatever handled it before (the default action, or
 * a sanitizer's report).
 */
#ifndef BOTPIT_TUI_TERM_H
#define BOTPIT_TUI_TERM_H

#include <stdbool.h>
#include <signal.h>

#include "canvas.h"

typedef struct term_info {
    bool utf8;   /* the locale's charset is UTF-8 (and --ascii was not given) */
    bool color;  /* the terminal has colours (and --no-color was not given) */
} term_info;

/* Starts curses mode. Returns 0, or -1 with why (not a terminal). */
int term_start(bool force_ascii, bool force_mono, term_info *out, char *why, size_t why_len);
/* Leaves curses mode; safe to call more than once. */
void term_end(void);
/* The terminal's size now. */
void term_size(int *h, int *w);
/* Copies the grid to the screen (ncurses sends only what changed). */
void term_draw(const cv_grid *g);
/* Repaints everything on the next draw (Ctrl-L). */
void term_force_redraw(void);
/* Reads one key without waiting: returns false when none is waiting. For
 * K_MOUSE, *y and *x are the cell of a left click. */
bool term_read_key(int *key, int *y, int *x);

/* Set by SIGINT, SIGTERM, SIGHUP and SIGQUIT: the main loop ends cleanly. */
extern volatile sig_atomic_t term_quit_signal;
/* Installs the handlers (call after term_start). */
void term_handle_signals(void);

#endif
