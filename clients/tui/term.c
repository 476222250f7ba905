/* term.c: ncursesw, keys and signals. */
#define NCURSES_WIDECHAR 1
#include "term.h"

#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keymap.h"

volatile sig_atomic_t term_quit_signal;

static volatile sig_atomic_t in_curses;
static bool has_colour;
static bool force_full;

/* ---- colours ---- */

/* The palette on a 256-colour terminal, and on an 8-colour one. */
static const short colour256[CV_COLOR_COUNT] = {
    [CV_DEFAULT] = -1, [CV_RED] = 196,    [CV_GREEN] = 34,      [CV_BLUE] = 33,
    [CV_YELLOW] = 220, [CV_WHITE] = 255,  [CV_CYAN] = 51,       [CV_MAGENTA] = 201,
    [CV_BLACK] = 16,   [CV_GREY] = 245,   [CV_ORANGE] = 214,    [CV_SKY] = 117,
    [CV_TEAL] = 36,    [CV_OI_YELLOW] = 227, [CV_OI_BLUE] = 32, [CV_VERMILLION] = 166,
    [CV_PINK] = 211,   [CV_BROWN] = 130,
};
static const short colour8[CV_COLOR_COUNT] = {
    [CV_DEFAULT] = -1,           [CV_RED] = COLOR_RED,      [CV_GREEN] = COLOR_GREEN,
    [CV_BLUE] = COLOR_BLUE,      [CV_YELLOW] = COLOR_YELLOW, [CV_WHITE] = COLOR_WHITE,
    [CV_CYAN] = COLOR_CYAN,      [CV_MAGENTA] = COLOR_MAGENTA, [CV_BLACK] = COLOR_BLACK,
    [CV_GREY] = COLOR_WHITE,     [CV_ORANGE] = COLOR_YELLOW, [CV_SKY] = COLOR_CYAN,
    [CV_TEAL] = COLOR_GREEN,     [CV_OI_YELLOW] = COLOR_YELLOW, [CV_OI_BLUE] = COLOR_BLUE,
    [CV_VERMILLION] = COLOR_RED, [CV_PINK] = COLOR_MAGENTA, [CV_BROWN] = COLOR_RED,
};

#define MAX_PAIRS 256
static short pair_of[CV_COLOR_COUNT][CV_COLOR_COUNT];
static short next_pair = 1;

static short pair_for(int fg, int bg)
{
    if (fg >= CV_COLOR_COUNT)
        fg = 0;
    if (bg >= CV_COLOR_COUNT)
        bg = 0;
    if (fg == 0 && bg == 0)
        return 0;
    if (pair_of[fg][bg])
        return pair_of[fg][bg];
    if (next_pair >= MAX_PAIRS || next_pair >= COLOR_PAIRS)
        return 0;
    const short *pal = COLORS >= 256 ? colour256 : colour8;
    if (init_pair(next_pair, pal[fg], pal[bg]) == ERR)
        return 0;
    pair_of[fg][bg] = next_pair;
    return next_pair++;
}

static attr_t attrs_of(cv_style st, short *pair)
{
    attr_t a = A_NORMAL;
    unsigned at = CV_ATTRS_OF(st);
    if (at & CV_BOLD)
        a |= A_BOLD;
    if (at & CV_DIM)
        a |= A_DIM;
    if (at & CV_REVERSE)
        a |= A_REVERSE;
    if (at & CV_UNDERLINE)
        a |= A_UNDERLINE;
    *pair = 0;
    if (has_colour) {
        *pair = pair_for(CV_FG_OF(st), CV_BG_OF(st));
    } else if (CV_BG_OF(st) != 0) {
        a |= A_REVERSE; /* a coloured background still stands out */
    }
    return a;
}

/* ---- signals ---- */

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static struct sigaction previous[sizeof crash_signals / sizeof crash_signals[0]];

static void on_quit(int sig)
{
    (void)sig;
    term_quit_signal = 1;
}

static void on_crash(int sig)
{
    term_end();
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        if (crash_signals[i] == sig)
            sigaction(sig, &previous[i], NULL);
    }
    /* Pending until we return, then delivered to the previous handler (the
     * default action, or a sanitizer's report) in the interrupted context. */
    raise(sig);
}

void term_handle_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit;
    for (size_t i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++)
        sigaction(quit_signals[i], &sa, NULL);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        sigaction(crash_signals[i], &sa, &previous[i]);
    signal(SIGPIPE, SIG_IGN);
}

/* ---- starting and ending ---- */

static void end_at_exit(void)
{
    term_end();
}

int term_start(bool force_ascii, bool force_mono, term_info *out, char *why, size_t why_len)
{
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    out->utf8 = !force_ascii && codeset && strcmp(codeset, "UTF-8") == 0;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        snprintf(why, why_len, "botpit-tui needs a terminal (stdin and stdout are not one)");
        return -1;
    }
    const char *t = getenv("TERM");
    if (!t || !*t) {
        snprintf(why, why_len, "TERM is not set, so the terminal's kind is unknown");
        return -1;
    }
    if (!newterm(NULL, stdout, stdin)) {
        snprintf(why, why_len, "the terminal \"%s\" is not known to ncurses", t);
        return -1;
    }
    in_curses = 1;
    atexit(end_at_exit);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED, NULL);
    mouseinterval(0);
    const char *no_color = getenv("NO_COLOR");
    has_colour = !force_mono && !(no_color && *no_color) && has_colors();
    if (has_colour && start_color() == OK)
        use_default_colors();
    else
        has_colour = false;
    out->color = has_colour;
    return 0;
}

void term_end(void)
{
    if (!in_curses)
        return;
    in_curses = 0;
    curs_set(1);
    endwin();
    fflush(stdout);
}

void term_size(int *h, int *w)
{
    getmaxyx(stdscr, *h, *w);
}

void term_force_redraw(void)
{
    force_full = true;
}

void term_draw(const cv_grid *g)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (force_full) {
        clearok(curscr, TRUE);
        force_full = false;
    }
    for (int y = 0; y < g->h && y < rows; y++) {
        for (int x = 0; x < g->w && x < cols; x++) {
            const cv_cell *c = &g->cells[y * g->w + x];
            if (c->ch == 0)
                continue; /* the right half of a wide character */
            /* the bottom-right cell would scroll some terminals */
            if (y == rows - 1 && x == cols - 1)
                continue;
            short pair;
            attr_t a = attrs_of(c->style, &pair);
            wchar_t wc[2] = {c->ch, 0};
            cchar_t cc;
            setcchar(&cc, wc, a, pair, NULL);
            mvadd_wch(y, x, &cc);
        }
    }
    if (g->cursor_y >= 0 && g->cursor_y < rows && g->cursor_x < cols) {
        move(g->cursor_y, g->cursor_x);
        curs_set(1);
    } else {
        curs_set(0);
    }
    refresh();
}

static int translate(wint_t ch, int kind)
{
    if (kind == KEY_CODE_YES) {
        switch (ch) {
        case KEY_UP: return K_UP;
        case KEY_DOWN: return K_DOWN;
        case KEY_LEFT: return K_LEFT;
        case KEY_RIGHT: return K_RIGHT;
        case KEY_HOME: return K_HOME;
        case KEY_END: return K_END;
        case KEY_PPAGE: return K_PGUP;
        case KEY_NPAGE: return K_PGDN;
        case KEY_DC: return K_DELETE;
        case KEY_BACKSPACE: return K_BACKSPACE;
        case KEY_ENTER: return K_ENTER;
        case KEY_BTAB: return K_BTAB;
        case KEY_RESIZE: return K_RESIZE;
        case KEY_MOUSE: return K_MOUSE;
        default:
            if (ch >= (wint_t)KEY_F(1) && ch <= (wint_t)KEY_F(12))
                return K_F((int)(ch - KEY_F0));
            return 0;
        }
    }
    switch (ch) {
    case '\r':
    case '\n': return K_ENTER;
    case '\t': return K_TAB;
    case 27: return K_ESC;
    case 127:
    case 8: return K_BACKSPACE;
    default: return (int)ch;
    }
}

bool term_read_key(int *key, int *y, int *x)
{
    for (;;) {
        wint_t ch;
        int kind = get_wch(&ch);
        if (kind == ERR)
            return false;
        int k = translate(ch, kind);
        if (k == 0)
            continue;
        if (k == K_MOUSE) {
            MEVENT ev;
            if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
                continue;
            *y = ev.y;
            *x = ev.x;
        }
        *key = k;
        return true;
    }
}
