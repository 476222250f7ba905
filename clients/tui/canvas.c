/* canvas.c: the character grid everything draws on. */
#include "canvas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"

static const struct {
    const char *utf8, *ascii;
} glyphs[CV_G_COUNT] = {
    [CV_G_DOT] = {"·", "."},        [CV_G_BULLET] = {"•", "*"},
    [CV_G_FULL] = {"█", "#"},       [CV_G_SHADE] = {"░", "."},
    [CV_G_ARROW_N] = {"↑", "^"},    [CV_G_ARROW_NE] = {"↗", "/"},
    [CV_G_ARROW_E] = {"→", ">"},    [CV_G_ARROW_SE] = {"↘", "\\"},
    [CV_G_ARROW_S] = {"↓", "v"},    [CV_G_ARROW_SW] = {"↙", "/"},
    [CV_G_ARROW_W] = {"←", "<"},    [CV_G_ARROW_NW] = {"↖", "\\"},
    [CV_G_CIRCLE] = {"●", "o"},     [CV_G_SQUARE] = {"■", "#"},
    [CV_G_TRIANGLE] = {"▲", "^"},   [CV_G_DIAMOND] = {"◆", "%"},
    [CV_G_PENTAGON] = {"⬟", "&"},   [CV_G_HEXAGON] = {"⬢", "H"},
    [CV_G_STAR] = {"★", "*"},       [CV_G_OCTAGON] = {"⯃", "@"},
    [CV_G_VORTEX] = {"✺", "@"},     [CV_G_RING] = {"◎", "O"},
    [CV_G_CROSS] = {"✕", "x"},      [CV_G_CHECK] = {"✓", "+"},
    [CV_G_SLASH] = {"╱", "/"},      [CV_G_BACKSLASH] = {"╲", "\\"},
    [CV_G_ELLIPSIS] = {"…", "~"},
};

/* Box-drawing joints by arms (N=1, E=2, S=4, W=8). */
static const wchar_t light_joints[16] = {
    L' ', L'╵', L'╶', L'└', L'╷', L'│', L'┌', L'├',
    L'╴', L'┘', L'─', L'┴', L'┐', L'┤', L'┬', L'┼',
};
static const wchar_t heavy_joints[16] = {
    L' ', L'╹', L'╺', L'┗', L'╻', L'┃', L'┏', L'┣',
    L'╸', L'┛', L'━', L'┻', L'┓', L'┫', L'┳', L'╋',
};

int cv_grid_resize(cv_grid *g, int h, int w)
{
    if (h < 1)
        h = 1;
    if (w < 1)
        w = 1;
    cv_cell *cells = calloc((size_t)h * (size_t)w, sizeof *cells);
    if (!cells)
        return -1;
    free(g->cells);
    g->cells = cells;
    g->h = h;
    g->w = w;
    cv_grid_clear(g);
    return 0;
}

void cv_grid_clear(cv_grid *g)
{
    for (int i = 0; i < g->h * g->w; i++)
        g->cells[i] = (cv_cell){L' ', 0};
    g->nclicks = 0;
    g->cursor_y = g->cursor_x = -1;
}

void cv_grid_free(cv_grid *g)
{
    free(g->cells);
    g->cells = NULL;
    g->h = g->w = 0;
}

canvas cv_root(cv_grid *g)
{
    return (canvas){g, 0, 0, g->h, g->w};
}

canvas cv_sub(canvas c, int y, int x, int h, int w)
{
    if (y < 0) {
        h += y;
        y = 0;
    }
    if (x < 0) {
        w += x;
        x = 0;
    }
    if (y + h > c.h)
        h = c.h - y;
    if (x + w > c.w)
        w = c.w - x;
    if (h < 0)
        h = 0;
    if (w < 0)
        w = 0;
    return (canvas){c.g, c.y + y, c.x + x, h, w};
}

bool cv_utf8(const canvas *c) { return c->g->utf8; }
bool cv_has_color(const canvas *c) { return c->g->color; }

static cv_cell *cell(canvas c, int y, int x)
{
    if (y < 0 || x < 0 || y >= c.h || x >= c.w)
        return NULL;
    return &c.g->cells[(c.y + y) * c.g->w + c.x + x];
}

void cv_put(canvas c, int y, int x, cv_style st, wchar_t ch)
{
    cv_cell *p = cell(c, y, x);
    if (p)
        *p = (cv_cell){ch, st};
}

/* What a code point shows as here, and its width (0 for nothing). */
static int shown(const canvas *c, long cp, wchar_t *ch)
{
    if (cp < 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
        *ch = L'?';
        return 1;
    }
    if (cp >= 0x80 && !c->g->utf8) {
        *ch = L'?';
        return 1;
    }
    int w = wcwidth((wchar_t)cp);
    if (w < 0) {
        *ch = L'?';
        return 1;
    }
    *ch = (wchar_t)cp;
    return w;
}

int cv_text_fit(canvas c, int y, int x, int max, cv_style st, const char *utf8)
{
    if (!utf8)
        return 0;
    int total = cv_text_width(&c, utf8);
    int budget = total > max ? max - 1 : max;
    const unsigned char *s = (const unsigned char *)utf8;
    int col = 0;
    while (*s) {
        wchar_t ch;
        int w = shown(&c, utf8_next(&s), &ch);
        if (w == 0)
            continue;
        if (col + w > budget)
            break;
        cv_put(c, y, x + col, st, ch);
        if (w == 2)
            cv_put(c, y, x + col + 1, st, 0);
        col += w;
    }
    if (total > max && max > 0) {
        cv_glyph_at(c, y, x + col, st, CV_G_ELLIPSIS);
        col++;
    }
    return col;
}

int cv_text(canvas c, int y, int x, cv_style st, const char *utf8)
{
    return cv_text_fit(c, y, x, 1 << 20, st, utf8);
}

int cv_textf(canvas c, int y, int x, cv_style st, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return cv_text(c, y, x, st, buf);
}

int cv_text_width(const canvas *c, const char *utf8)
{
    const unsigned char *s = (const unsigned char *)utf8;
    int col = 0;
    while (s && *s) {
        wchar_t ch;
        col += shown(c, utf8_next(&s), &ch);
    }
    return col;
}

int cv_wrap(canvas c, int y, int x, int width, int max_rows, cv_style st, const char *utf8)
{
    if (width < 1 || !utf8)
        return 0;
    int row = 0;
    char line[1024], candidate[1024];
    const char *p = utf8;
    while (row < max_rows) {
        size_t para = strcspn(p, "\n");
        line[0] = 0;
        const char *q = p, *end = p + para;
        while (q < end) {
            while (q < end && *q == ' ')
                q++;
            const char *w = q;
            while (q < end && *q != ' ')
                q++;
            if (q == w)
                break;
            snprintf(candidate, sizeof candidate, "%s%s%.*s", line, line[0] ? " " : "",
                     (int)(q - w), w);
            if (line[0] && cv_text_width(&c, candidate) > width) {
                cv_text_fit(c, y + row++, x, width, st, line);
                if (row >= max_rows)
                    return row;
                snprintf(line, sizeof line, "%.*s", (int)(q - w), w);
            } else {
                memcpy(line, candidate, strlen(candidate) + 1);
            }
        }
        cv_text_fit(c, y + row++, x, width, st, line);
        if (!*end)
            break;
        p = end + 1;
    }
    return row;
}

const char *cv_glyph_text(const canvas *c, cv_glyph g)
{
    if (g < 0 || g >= CV_G_COUNT)
        return "?";
    return c->g->utf8 ? glyphs[g].utf8 : glyphs[g].ascii;
}

void cv_glyph_at(canvas c, int y, int x, cv_style st, cv_glyph g)
{
    cv_text(c, y, x, st, cv_glyph_text(&c, g));
}

void cv_joint(canvas c, int y, int x, cv_style st, int arms, bool heavy)
{
    arms &= 15;
    wchar_t ch;
    if (c.g->utf8) {
        ch = heavy ? heavy_joints[arms] : light_joints[arms];
    } else if (arms == 0) {
        ch = L' ';
    } else if ((arms & (CV_ARM_N | CV_ARM_S)) == 0) {
        ch = L'-';
    } else if ((arms & (CV_ARM_E | CV_ARM_W)) == 0) {
        ch = L'|';
    } else {
        ch = L'+';
    }
    cv_put(c, y, x, st, ch);
}

void cv_hline(canvas c, int y, int x, int w, cv_style st)
{
    for (int i = 0; i < w; i++)
        cv_joint(c, y, x + i, st, CV_ARM_E | CV_ARM_W, false);
}

void cv_vline(canvas c, int y, int x, int h, cv_style st)
{
    for (int i = 0; i < h; i++)
        cv_joint(c, y + i, x, st, CV_ARM_N | CV_ARM_S, false);
}

void cv_box(canvas c, int y, int x, int h, int w, cv_style st, const char *title)
{
    if (h < 2 || w < 2)
        return;
    cv_hline(c, y, x + 1, w - 2, st);
    cv_hline(c, y + h - 1, x + 1, w - 2, st);
    cv_vline(c, y + 1, x, h - 2, st);
    cv_vline(c, y + 1, x + w - 1, h - 2, st);
    cv_joint(c, y, x, st, CV_ARM_E | CV_ARM_S, false);
    cv_joint(c, y, x + w - 1, st, CV_ARM_W | CV_ARM_S, false);
    cv_joint(c, y + h - 1, x, st, CV_ARM_E | CV_ARM_N, false);
    cv_joint(c, y + h - 1, x + w - 1, st, CV_ARM_W | CV_ARM_N, false);
    if (title && *title && w > 6) {
        cv_put(c, y, x + 1, st, L' ');
        int n = cv_text_fit(c, y, x + 2, w - 5, st | CV_BOLD, title);
        cv_put(c, y, x + 2 + n, st, L' ');
    }
}

void cv_fill(canvas c, int y, int x, int h, int w, cv_style st, wchar_t ch)
{
    for (int r = 0; r < h; r++)
        for (int k = 0; k < w; k++)
            cv_put(c, y + r, x + k, st, ch);
}

void cv_restyle(canvas c, int y, int x, int w, cv_style st)
{
    for (int k = 0; k < w; k++) {
        cv_cell *p = cell(c, y, x + k);
        if (p)
            p->style = st;
    }
}

void cv_click_at(canvas c, int y, int x, int w, const char *command)
{
    cv_grid *g = c.g;
    if (!command || g->nclicks >= CV_MAX_CLICKS || y < 0 || y >= c.h)
        return;
    int x0 = x < 0 ? 0 : x, x1 = x + w > c.w ? c.w : x + w;
    if (x1 <= x0)
        return;
    cv_click *k = &g->clicks[g->nclicks++];
    k->y = c.y + y;
    k->x = c.x + x0;
    k->w = x1 - x0;
    snprintf(k->command, sizeof k->command, "%s", command);
}

const char *cv_click_find(const cv_grid *g, int y, int x)
{
    /* later regions are drawn on top of earlier ones */
    for (int i = g->nclicks - 1; i >= 0; i--) {
        const cv_click *k = &g->clicks[i];
        if (y == k->y && x >= k->x && x < k->x + k->w)
            return k->command;
    }
    return NULL;
}

void cv_cursor(canvas c, int y, int x)
{
    if (y < 0 || x < 0 || y >= c.h || x > c.w)
        return;
    c.g->cursor_y = c.y + y;
    c.g->cursor_x = c.x + x;
}

char *cv_row_text(const cv_grid *g, int y, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    if (y < 0 || y >= g->h || len == 0)
        return buf;
    for (int x = 0; x < g->w; x++) {
        wchar_t ch = g->cells[y * g->w + x].ch;
        if (ch == 0)
            continue;
        char tmp[8];
        size_t k = utf8_put((unsigned long)ch, tmp);
        if (n + k + 1 > len)
            break;
        memcpy(buf + n, tmp, k);
        n += k;
    }
    while (n > 0 && buf[n - 1] == ' ')
        n--;
    buf[n] = 0;
    return buf;
}

const cv_cell *cv_cell_at(const cv_grid *g, int y, int x)
{
    if (y < 0 || x < 0 || y >= g->h || x >= g->w)
        return NULL;
    return &g->cells[y * g->w + x];
}

static const cv_color seat_colors[8] = {CV_ORANGE, CV_SKY,        CV_TEAL, CV_OI_YELLOW,
                                        CV_OI_BLUE, CV_VERMILLION, CV_PINK, CV_BROWN};
static const cv_glyph seat_shapes[8] = {CV_G_CIRCLE,  CV_G_SQUARE,  CV_G_TRIANGLE, CV_G_DIAMOND,
                                        CV_G_PENTAGON, CV_G_HEXAGON, CV_G_STAR,     CV_G_OCTAGON};

cv_color cv_seat_color(int seat)
{
    return seat >= 0 ? seat_colors[seat % 8] : CV_GREY;
}

cv_glyph cv_seat_shape(int seat)
{
    return seat >= 0 ? seat_shapes[seat % 8] : CV_G_DOT;
}

void cv_seat_mark(canvas c, int y, int x, int seat)
{
    cv_style st = CV_FG(cv_seat_color(seat)) | CV_BOLD;
    cv_glyph_at(c, y, x, st, cv_seat_shape(seat));
    cv_textf(c, y, x + 1, st, "%d", seat + 1);
}
