/*
 * ricochet.c: Ricochet Robots in the terminal.
 *
 * The board is drawn from the view's walls (bits N=1, E=2, S=4, W=8 per
 * cell 16*y+x): with two text rows per cell and box-drawing walls when the
 * terminal is tall enough, otherwise one row per cell with walls between
 * columns and a south wall underlining its cell. Robots are their colour's
 * capital letter on their colour; targets are their symbol and colour's
 * small letter, the revealed one bold and underlined. Columns are A-P and
 * rows 1-16, so a cell reads "J13".
 *
 * The panel beside it: the round, the target, the sand timer counting down
 * on our clock from the game's, the bids, the demonstration, the chips and
 * the last round with its best solution. Moves slide cell by cell along the
 * server's path; `p` replays the best solution after a round.
 *
 * Keys: digits bid (the command line opens with "bid 7"), t starts the
 * timer; the demonstrator picks a robot with r g b y s (or 1-5) and moves
 * it with the arrow keys or h j k l, x twice gives up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game_ui.h"

#define RR_SIZE 16
#define RR_CELLS 256
#define RR_ROBOTS 5
#define RR_MAX_PATH 32
#define RR_SLIDE_MS 45
#define RR_REPLAY_STEP_MS 700

enum { W_N = 1, W_E = 2, W_S = 4, W_W = 8 };

static const char *const robot_names[RR_ROBOTS] = {"red", "green", "blue", "yellow", "silver"};
static const char robot_letters[RR_ROBOTS] = {'R', 'G', 'B', 'Y', 'S'};
static const cv_color robot_colors[RR_ROBOTS] = {CV_RED, CV_GREEN, CV_BLUE, CV_YELLOW, CV_WHITE};
static const char *const dir_names[4] = {"N", "E", "S", "W"};
static const char *const dir_words[4] = {"north", "east", "south", "west"};
static const int dir_dx[4] = {0, 1, 0, -1}, dir_dy[4] = {-1, 0, 1, 0};
static const int dir_bits[4] = {W_N, W_E, W_S, W_W};

typedef struct rr_target {
    int cell;
    int color;   /* robot index, or -1 for the vortex */
    int symbol;  /* 0 circle, 1 triangle, 2 square, 3 hexagon, 4 vortex */
} rr_target;

/* What the view says, read once per state. */
typedef struct rr_board {
    int walls[RR_CELLS];
    bool centre[RR_CELLS];
    int ntargets;
    rr_target targets[20];
    int nrobots;
    int robot[RR_ROBOTS];     /* cells */
    bool has_target;
    rr_target target;
} rr_board;

typedef struct ricochet {
    rr_board b;
    int selected;              /* the robot the demonstrator moves */
    /* the move being slid on screen */
    int anim_robot, anim_len;
    int anim_path[RR_MAX_PATH];
    int64_t anim_start;
    /* the last move's trail */
    int trail_robot, trail_len;
    int trail[RR_MAX_PATH];
    /* the best solution replayed after a round */
    bool replaying;
    int replay_step;
    int64_t replay_start;
    bool give_up_armed;
    char hint_text[40];
} ricochet;

/* ---- reading the view ---- */

static int color_index(const char *name)
{
    for (int i = 0; name && i < RR_ROBOTS; i++) {
        if (strcmp(name, robot_names[i]) == 0)
            return i;
    }
    return -1;
}

/* "red", "r", "R" -> 0 */
static int robot_parse(const char *word)
{
    for (int i = 0; word && i < RR_ROBOTS; i++) {
        if (strcasecmp(word, robot_names[i]) == 0 ||
            (word[0] && !word[1] && (word[0] | 32) == (robot_letters[i] | 32)))
            return i;
    }
    return -1;
}

static int dir_parse(const char *word)
{
    static const char *const long_words[4][3] = {
        {"north", "up", "u"}, {"east", "right", "r"}, {"south", "down", "d"}, {"west", "left", "l"}};
    for (int d = 0; word && d < 4; d++) {
        if (strcasecmp(word, dir_names[d]) == 0)
            return d;
        for (int k = 0; k < 3; k++) {
            if (strcasecmp(word, long_words[d][k]) == 0)
                return d;
        }
    }
    return -1;
}

static int symbol_index(const char *name)
{
    static const char *const symbols[] = {"circle", "triangle", "square", "hexagon", "vortex"};
    for (int i = 0; name && i < 5; i++) {
        if (strcmp(name, symbols[i]) == 0)
            return i;
    }
    return 0;
}

static int cell_of(const json_t *v)
{
    if (json_is_integer(v))
        return (int)json_integer_value(v);
    return int_of(v, "cell", -1);
}

static void read_target(const json_t *t, rr_target *out)
{
    out->cell = int_of(t, "cell", -1);
    out->color = color_index(json_string_value(json_object_get(t, "color")));
    out->symbol = symbol_index(json_string_value(json_object_get(t, "symbol")));
}

static void read_robots(const json_t *robots, int *cells, int *n)
{
    *n = 0;
    for (int i = 0; i < RR_ROBOTS; i++) {
        const json_t *r = json_object_get(robots, robot_names[i]);
        cells[i] = r ? cell_of(r) : -1;
        if (r)
            *n = i + 1;
    }
}

static void read_board(rr_board *b, const json_t *view)
{
    memset(b, 0, sizeof *b);
    const json_t *board = json_object_get(view, "board");
    const json_t *walls = json_object_get(board, "walls");
    for (int c = 0; c < RR_CELLS; c++)
        b->walls[c] = (int)json_integer_value(json_array_get(walls, (size_t)c));
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(board, "centre"), i, v) {
        int c = (int)json_integer_value(v);
        if (c >= 0 && c < RR_CELLS)
            b->centre[c] = true;
    }
    json_array_foreach(json_object_get(board, "targets"), i, v) {
        if (b->ntargets < 20)
            read_target(v, &b->targets[b->ntargets++]);
    }
    read_robots(json_object_get(view, "robots"), b->robot, &b->nrobots);
    const json_t *target = json_object_get(view, "target");
    b->has_target = json_is_object(target);
    if (b->has_target)
        read_target(target, &b->target);
}

static const char *phase_of(const table *t)
{
    const char *p = json_string_value(json_object_get(t->view, "phase"));
    return p ? p : "";
}

static bool phase_is(const table *t, const char *name)
{
    return strcmp(phase_of(t), name) == 0;
}

static int demonstrator(const table *t)
{
    return int_of(t->view, "demonstrator", -1);
}

static bool i_demonstrate(const table *t)
{
    return t->seat >= 0 && phase_is(t, "demonstration") && demonstrator(t) == t->seat;
}

static bool can_bid(const table *t)
{
    return t->seat >= 0 && phase_is(t, "bidding");
}

/* ---- geometry ---- */

static int robot_at(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++) {
        if (cells[i] == cell)
            return i;
    }
    return -1;
}

/* Where robot r stops going d from cells (the server's slide rule), or -1
 * when it cannot move at all. */
static int slide(const rr_board *b, const int *cells, int r, int d)
{
    int c = cells[r];
    if (c < 0)
        return -1;
    for (;;) {
        int x = c % RR_SIZE + dir_dx[d], y = c / RR_SIZE + dir_dy[d];
        if (b->walls[c] & dir_bits[d] || x < 0 || y < 0 || x >= RR_SIZE || y >= RR_SIZE)
            break;
        int next = y * RR_SIZE + x;
        if (b->centre[next] || robot_at(cells, b->nrobots, next) >= 0)
            break;
        c = next;
    }
    return c == cells[r] ? -1 : c;
}

static void cell_name(int cell, char *buf, size_t len)
{
    if (cell < 0 || cell >= RR_CELLS)
        snprintf(buf, len, "?");
    else
        snprintf(buf, len, "%c%d", 'A' + cell % RR_SIZE, (cell / RR_SIZE + 1) & 31);
}

static void chip_words(const rr_target *t, char *buf, size_t len)
{
    static const char *const symbols[] = {"circle", "triangle", "square", "hexagon", "vortex"};
    if (t->symbol == 4)
        snprintf(buf, len, "the cosmic vortex");
    else
        snprintf(buf, len, "the %s %s", t->color >= 0 ? robot_names[t->color] : "any", symbols[t->symbol]);
}

static cv_glyph symbol_glyph(int symbol)
{
    static const cv_glyph g[] = {CV_G_CIRCLE, CV_G_TRIANGLE, CV_G_SQUARE, CV_G_HEXAGON, CV_G_VORTEX};
    return symbol >= 0 && symbol < 5 ? g[symbol] : CV_G_DOT;
}

/* ---- animation ---- */

static void set_trail(ricochet *r, int robot, const json_t *path)
{
    r->trail_robot = robot;
    r->trail_len = 0;
    size_t i;
    const json_t *v;
    json_array_foreach(path, i, v) {
        if (r->trail_len < RR_MAX_PATH)
            r->trail[r->trail_len++] = (int)json_integer_value(v);
    }
}

/* The robots as shown now: the view's, with a sliding robot part-way and,
 * during a replay, the best solution's positions. */
static void shown_robots(ricochet *r, table *t, int *cells, int *n)
{
    memcpy(cells, r->b.robot, sizeof r->b.robot);
    *n = r->b.nrobots;
    if (r->replaying) {
        const json_t *last = json_object_get(t->view, "last_round");
        const json_t *steps = json_object_get(json_object_get(last, "optimal"), "steps");
        read_robots(json_object_get(last, "start"), cells, n);
        int64_t elapsed = t->now - r->replay_start;
        int done = (int)(elapsed / RR_REPLAY_STEP_MS);
        size_t i;
        const json_t *st;
        json_array_foreach(steps, i, st) {
            int robot = color_index(json_string_value(json_object_get(st, "robot")));
            if (robot < 0)
                continue;
            if ((int)i < done) {
                cells[robot] = int_of(st, "to", cells[robot]);
            } else if ((int)i == done) {
                const json_t *path = json_object_get(st, "path");
                int k = (int)((elapsed % RR_REPLAY_STEP_MS) / RR_SLIDE_MS);
                int len = (int)json_array_size(path);
                if (len > 0)
                    cells[robot] = (int)json_integer_value(json_array_get(path, (size_t)(k < len ? k : len - 1)));
                set_trail(r, robot, path);
            }
        }
        if (done >= (int)json_array_size(steps) + 2)
            r->replaying = false;
        return;
    }
    if (r->anim_len > 0) {
        int k = (int)((t->now - r->anim_start) / RR_SLIDE_MS);
        if (k < r->anim_len - 1)
            cells[r->anim_robot] = r->anim_path[k];
        else
            r->anim_len = 0;
    }
}

/* ---- drawing the board ---- */

typedef struct layout {
    int cw;        /* columns of a cell's content: 3, 2 */
    bool tall;     /* two rows per cell (walls on rows of their own) */
    int ox, oy;    /* where the board's frame starts */
} layout;

static int board_w(const layout *l) { return RR_SIZE * (l->cw + 1) + 1; }
static int board_h(const layout *l) { return l->tall ? 2 * RR_SIZE + 1 : RR_SIZE + 2; }

static bool wall(const rr_board *b, int x, int y, int bit)
{
    if (x < 0 || y < 0 || x >= RR_SIZE || y >= RR_SIZE)
        return true;
    return (b->walls[y * RR_SIZE + x] & bit) != 0;
}

/* Is there a wall on the vertical line left of column x, in row y? */
static bool vwall(const rr_board *b, int x, int y)
{
    if (y < 0 || y >= RR_SIZE)
        return false;
    if (x <= 0 || x >= RR_SIZE)
        return true;
    return wall(b, x, y, W_W) || wall(b, x - 1, y, W_E);
}

/* Is there a wall on the horizontal line above row y, in column x? */
static bool hwall(const rr_board *b, int x, int y)
{
    if (x < 0 || x >= RR_SIZE)
        return false;
    if (y <= 0 || y >= RR_SIZE)
        return true;
    return wall(b, x, y, W_N) || wall(b, x, y - 1, W_S);
}

static const cv_style WALL_ST = CV_BOLD;
static const cv_style GRID_ST = CV_DIM;

static void draw_walls_tall(const rr_board *b, canvas c, const layout *l)
{
    int stride = l->cw + 1;
    for (int y = 0; y <= RR_SIZE; y++) {
        for (int x = 0; x <= RR_SIZE; x++) {
            int row = l->oy + 2 * y, col = l->ox + stride * x;
            int arms = (vwall(b, x, y - 1) ? CV_ARM_N : 0) | (vwall(b, x, y) ? CV_ARM_S : 0) |
                       (hwall(b, x, y) ? CV_ARM_E : 0) | (hwall(b, x - 1, y) ? CV_ARM_W : 0);
            if (arms)
                cv_joint(c, row, col, WALL_ST, arms, true);
            else
                cv_glyph_at(c, row, col, GRID_ST, CV_G_DOT);
            if (x < RR_SIZE && hwall(b, x, y)) {
                for (int k = 1; k <= l->cw; k++)
                    cv_joint(c, row, col + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
            }
            if (y < RR_SIZE && vwall(b, x, y))
                cv_joint(c, row + 1, col, WALL_ST, CV_ARM_N | CV_ARM_S, true);
        }
    }
}

static void draw_walls_compact(const rr_board *b, canvas c, const layout *l)
{
    int stride = l->cw + 1, w = board_w(l);
    /* the frame's top and bottom, with the corners */
    for (int k = 1; k < w - 1; k++) {
        cv_joint(c, l->oy, l->ox + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
        cv_joint(c, l->oy + RR_SIZE + 1, l->ox + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
    }
    cv_joint(c, l->oy, l->ox, WALL_ST, CV_ARM_E | CV_ARM_S, true);
    cv_joint(c, l->oy, l->ox + w - 1, WALL_ST, CV_ARM_W | CV_ARM_S, true);
    cv_joint(c, l->oy + RR_SIZE + 1, l->ox, WALL_ST, CV_ARM_E | CV_ARM_N, true);
    cv_joint(c, l->oy + RR_SIZE + 1, l->ox + w - 1, WALL_ST, CV_ARM_W | CV_ARM_N, true);
    for (int y = 0; y < RR_SIZE; y++) {
        for (int x = 0; x <= RR_SIZE; x++) {
            int row = l->oy + 1 + y, col = l->ox + stride * x;
            if (vwall(b, x, y))
                cv_joint(c, row, col, WALL_ST, CV_ARM_N | CV_ARM_S, true);
        }
    }
    /* walls that meet the frame join it */
    for (int x = 1; x < RR_SIZE; x++) {
        int col = l->ox + stride * x;
        if (vwall(b, x, 0))
            cv_joint(c, l->oy, col, WALL_ST, CV_ARM_E | CV_ARM_W | CV_ARM_S, true);
        if (vwall(b, x, RR_SIZE - 1))
            cv_joint(c, l->oy + RR_SIZE + 1, col, WALL_ST, CV_ARM_E | CV_ARM_W | CV_ARM_N, true);
    }
}

/* The cell's content rectangle. */
static void cell_pos(const layout *l, int cell, int *row, int *col)
{
    int x = cell % RR_SIZE, y = cell / RR_SIZE;
    *row = l->oy + (l->tall ? 2 * y + 1 : y + 1);
    *col = l->ox + (l->cw + 1) * x + 1;
}

static void put_cell(canvas c, const layout *l, int cell, cv_style st, const char *text)
{
    int row, col;
    cell_pos(l, cell, &row, &col);
    cv_fill(c, row, col, 1, l->cw, st, L' ');
    int w = cv_text_width(&c, text);
    cv_text_fit(c, row, col + (l->cw - w) / 2, l->cw, st, text);
}

/* Adds the south wall's underline in the compact layout. */
static void underline_south(const rr_board *b, canvas c, const layout *l, int cell)
{
    if (l->tall)
        return;
    int x = cell % RR_SIZE, y = cell / RR_SIZE;
    if (y == RR_SIZE - 1 || !hwall(b, x, y + 1))
        return;
    int row, col;
    cell_pos(l, cell, &row, &col);
    for (int k = 0; k < l->cw; k++) {
        const cv_cell *cc = cv_cell_at(c.g, c.y + row, c.x + col + k);
        if (cc)
            cv_put(c, row, col + k, cc->style | CV_UNDERLINE | CV_BOLD, cc->ch);
    }
}

static void target_text(const canvas *c, const rr_target *t, char *buf, size_t len)
{
    char letter = t->color >= 0 ? (char)(robot_letters[t->color] | 32) : '*';
    snprintf(buf, len, "%s%c", cv_glyph_text(c, symbol_glyph(t->symbol)), letter);
}

static cv_color target_color(const rr_target *t)
{
    return t->color >= 0 ? robot_colors[t->color] : CV_MAGENTA;
}

static void draw_cells(ricochet *r, table *t, canvas c, const layout *l)
{
    const rr_board *b = &r->b;
    int cells[RR_ROBOTS], n;
    shown_robots(r, t, cells, &n);
    /* empty cells, the centre, the targets */
    char block[16] = "";
    for (int k = 0; k < l->cw; k++)
        strcat(block, cv_glyph_text(&c, CV_G_SHADE));
    for (int cell = 0; cell < RR_CELLS; cell++) {
        if (b->centre[cell])
            put_cell(c, l, cell, CV_DIM, block);
        else
            put_cell(c, l, cell, GRID_ST, l->tall ? "" : cv_glyph_text(&c, CV_G_DOT));
    }
    for (int i = 0; i < b->ntargets; i++) {
        const rr_target *tg = &b->targets[i];
        char text[16];
        target_text(&c, tg, text, sizeof text);
        bool current = b->has_target && tg->cell == b->target.cell;
        cv_style st = CV_FG(target_color(tg)) | (current ? CV_BOLD | CV_UNDERLINE : CV_DIM);
        put_cell(c, l, tg->cell, st, text);
    }
    /* the revealed chip also shows in the centre block */
    if (b->has_target) {
        int first = -1;
        for (int cell = 0; cell < RR_CELLS && first < 0; cell++)
            first = b->centre[cell] ? cell : -1;
        if (first >= 0) {
            char text[16];
            target_text(&c, &b->target, text, sizeof text);
            put_cell(c, l, first, CV_FG(target_color(&b->target)) | CV_BOLD, text);
        }
    }
    /* the last move's trail */
    for (int k = 0; k + 1 < r->trail_len; k++) {
        int cell = r->trail[k];
        if (robot_at(cells, n, cell) < 0 && cell >= 0 && cell < RR_CELLS)
            put_cell(c, l, cell, CV_FG(robot_colors[r->trail_robot % RR_ROBOTS]),
                     cv_glyph_text(&c, CV_G_BULLET));
    }
    /* where the selected robot would stop, for the demonstrator */
    if (i_demonstrate(t) && r->selected < n && !r->anim_len) {
        static const cv_glyph arrows[4] = {CV_G_ARROW_N, CV_G_ARROW_E, CV_G_ARROW_S, CV_G_ARROW_W};
        for (int d = 0; d < 4; d++) {
            int to = slide(b, cells, r->selected, d);
            if (to >= 0)
                put_cell(c, l, to, CV_FG(robot_colors[r->selected]) | CV_BOLD, cv_glyph_text(&c, arrows[d]));
        }
    }
    for (int i = 0; i < n; i++) {
        if (cells[i] < 0 || cells[i] >= RR_CELLS)
            continue;
        char text[4] = {robot_letters[i], 0};
        cv_style st = CV_BG(robot_colors[i]) | CV_FG(CV_BLACK) | CV_BOLD;
        if (!cv_has_color(&c))
            st = CV_REVERSE | CV_BOLD;
        if (i_demonstrate(t) && i == r->selected)
            st |= CV_UNDERLINE;
        put_cell(c, l, cells[i], st, text);
    }
    for (int cell = 0; cell < RR_CELLS; cell++)
        underline_south(b, c, l, cell);
    /* a click on a robot selects it; on a preview arrow, moves there */
    for (int i = 0; i < n && i_demonstrate(t); i++) {
        int row, col;
        cell_pos(l, cells[i], &row, &col);
        char command[32];
        snprintf(command, sizeof command, "select %s", robot_names[i]);
        cv_click_at(c, row, col, l->cw, command);
    }
    if (i_demonstrate(t) && r->selected < n) {
        for (int d = 0; d < 4; d++) {
            int to = slide(b, cells, r->selected, d), row, col;
            if (to < 0)
                continue;
            cell_pos(l, to, &row, &col);
            char command[32];
            snprintf(command, sizeof command, "move %s %s", robot_names[r->selected], dir_names[d]);
            cv_click_at(c, row, col, l->cw, command);
        }
    }
}

static void draw_labels(canvas c, const layout *l)
{
    int stride = l->cw + 1;
    for (int x = 0; x < RR_SIZE; x++)
        cv_textf(c, l->oy - 1, l->ox + stride * x + 1 + (l->cw - 1) / 2, CV_DIM, "%c", 'A' + x);
    for (int y = 0; y < RR_SIZE; y++) {
        int row = l->oy + (l->tall ? 2 * y + 1 : y + 1);
        cv_textf(c, row, l->ox - 3, CV_DIM, "%2d", y + 1);
    }
}

/* ---- the panel ---- */

static void draw_bar(canvas c, int y, int x, int w, int64_t left, int64_t total, cv_style st)
{
    if (total <= 0)
        total = 1;
    int full = (int)((left * w + total - 1) / total);
    for (int k = 0; k < w; k++)
        cv_glyph_at(c, y, x + k, k < full ? st : CV_DIM, k < full ? CV_G_FULL : CV_G_SHADE);
}

static int panel_timer(table *t, canvas c, int y)
{
    char clock[32];
    const json_t *timer = json_object_get(t->view, "timer");
    if (json_is_object(timer)) {
        int64_t ends = json_integer_value(json_object_get(timer, "ends"));
        int64_t started = json_integer_value(json_object_get(timer, "started"));
        int64_t left = table_game_ms_left(t, ends);
        if (left == INT64_MIN)
            left = table_ms_left(t);
        table_clock_text(left, clock, sizeof clock);
        cv_text(c, y, 0, CV_BOLD, "Sand timer");
        cv_text(c, y, 11, left < 10000 ? CV_FG(CV_RED) | CV_BOLD : CV_BOLD, clock);
        draw_bar(c, y + 1, 0, c.w - 1 < 24 ? c.w - 1 : 24, left, ends - started, CV_FG(CV_YELLOW));
        return y + 2;
    }
    if (!phase_is(t, "bidding"))
        return y;
    int64_t start_at = json_integer_value(json_object_get(t->view, "start_timer_at"));
    int64_t auto_at = json_integer_value(json_object_get(t->view, "auto_timer_at"));
    int64_t to_start = table_game_ms_left(t, start_at), to_auto = table_game_ms_left(t, auto_at);
    cv_text(c, y, 0, CV_DIM, "Timer: the first bid starts it");
    if (to_start != INT64_MIN && to_start > 0) {
        table_clock_text(to_start, clock, sizeof clock);
        cv_textf(c, y + 1, 0, CV_DIM, "t starts it by hand in %s", clock);
    } else if (to_auto != INT64_MIN && to_auto > 0) {
        table_clock_text(to_auto, clock, sizeof clock);
        cv_textf(c, y + 1, 0, CV_BOLD, "t starts it now; by itself in %s", clock);
    }
    return y + 2;
}

static int panel_bids(table *t, canvas c, int y)
{
    const json_t *bids = json_object_get(t->view, "bids");
    if (!json_array_size(bids))
        return phase_is(t, "bidding") ? (cv_text(c, y, 0, CV_DIM, "No bids yet."), y + 1) : y;
    cv_text(c, y++, 0, CV_BOLD, "Bids (in showing order)");
    size_t i;
    const json_t *b;
    json_array_foreach(bids, i, b) {
        int seat = int_of(b, "seat", -1);
        char name[100];
        table_name(t, seat, name, sizeof name);
        cv_seat_mark(c, y, 1, seat);
        int x = 4 + cv_text_fit(c, y, 4, c.w - 14, seat == t->seat ? CV_BOLD : 0, name);
        cv_textf(c, y, x + 1, CV_BOLD, "%d", int_of(b, "moves", 0));
        y++;
    }
    return y;
}

static int panel_demo(table *t, canvas c, int y)
{
    if (!phase_is(t, "demonstration"))
        return y;
    int seat = demonstrator(t);
    char name[100], clock[32];
    table_name(t, seat, name, sizeof name);
    int64_t left = table_game_ms_left(t, json_integer_value(json_object_get(t->view, "demo_deadline")));
    if (left == INT64_MIN)
        left = table_ms_left(t);
    table_clock_text(left, clock, sizeof clock);
    if (seat == t->seat)
        cv_text(c, y++, 0, CV_BOLD, "You show your solution");
    else
        cv_textf(c, y++, 0, CV_BOLD, "%s shows a solution", name);
    cv_textf(c, y++, 1, 0, "moves %d of %d, %s left", int_of(t->view, "moves_made", 0),
             int_of(t->view, "bid_to_beat", 0), clock);
    return y;
}

static int panel_chips(table *t, canvas c, int y)
{
    int n = table_seats(t);
    int to_win = int_of(t->view, "chips_to_win", 0);
    cv_textf(c, y++, 0, CV_BOLD, "Chips (%s%d to win, %d left)", to_win ? "" : "all ", to_win,
             int_of(t->view, "chips_left", 0));
    const json_t *won = json_object_get(t->view, "won");
    for (int s = 0; s < n && y < c.h; s++) {
        char name[100];
        table_name(t, s, name, sizeof name);
        cv_seat_mark(c, y, 1, s);
        cv_text_fit(c, y, 4, 14, s == t->seat ? CV_BOLD : 0, name);
        const json_t *mine = json_array_get(won, (size_t)s);
        cv_textf(c, y, 19, CV_BOLD, "%d", (int)json_array_size(mine));
        int x = 22;
        size_t i;
        const json_t *chip;
        json_array_foreach(mine, i, chip) {
            rr_target tg;
            read_target(chip, &tg);
            char text[16];
            target_text(&c, &tg, text, sizeof text);
            if (x + 3 > c.w)
                break;
            x += cv_text(c, y, x, CV_FG(target_color(&tg)), text) + 1;
        }
        y++;
    }
    return y;
}

static void moves_text(const json_t *steps, char *buf, size_t len)
{
    size_t n = 0, i;
    const json_t *st;
    buf[0] = 0;
    json_array_foreach(steps, i, st) {
        int w = snprintf(buf + n, len - n, "%s%s %s", i ? ", " : "",
                         json_string_value(json_object_get(st, "robot")),
                         json_string_value(json_object_get(st, "dir")));
        if (w < 0 || (size_t)w >= len - n)
            break;
        n += (size_t)w;
    }
}

static int panel_last_round(table *t, canvas c, int y)
{
    const json_t *last = json_object_get(t->view, "last_round");
    if (!json_is_object(last) || y >= c.h - 1)
        return y;
    char line[400], chip[80];
    rr_target tg;
    read_target(json_object_get(last, "target"), &tg);
    chip_words(&tg, chip, sizeof chip);
    const char *outcome = json_string_value(json_object_get(last, "outcome"));
    int winner = int_of(last, "winner", -1);
    if (outcome && strcmp(outcome, "won") == 0) {
        char name[100];
        table_name(t, winner, name, sizeof name);
        snprintf(line, sizeof line, "Round %d: %s took %s in %d moves.", int_of(last, "round", 0),
                 name, chip, (int)json_array_size(json_object_get(last, "winning_moves")));
    } else if (outcome && strcmp(outcome, "no_bids") == 0) {
        snprintf(line, sizeof line, "Round %d: no bids; %s goes back.", int_of(last, "round", 0), chip);
    } else {
        snprintf(line, sizeof line, "Round %d: nobody solved %s.", int_of(last, "round", 0), chip);
    }
    y += cv_wrap(c, y, 0, c.w - 1, 2, CV_BOLD, line);
    const json_t *opt = json_object_get(last, "optimal");
    const char *status = json_string_value(json_object_get(opt, "status"));
    if (status && strcmp(status, "solved") == 0) {
        char moves[300];
        moves_text(json_object_get(opt, "steps"), moves, sizeof moves);
        snprintf(line, sizeof line, "Best: %d moves (p shows them): %s", int_of(opt, "moves", 0), moves);
    } else if (status && strcmp(status, "gave_up") == 0) {
        snprintf(line, sizeof line, "The solver needs at least %d moves.", int_of(opt, "lower_bound", 0));
    } else if (status && strcmp(status, "no_solution") == 0) {
        snprintf(line, sizeof line, "It cannot be solved.");
    } else {
        snprintf(line, sizeof line, "The best solution is still being worked out...");
    }
    return y + cv_wrap(c, y, 0, c.w - 1, c.h - y, CV_DIM, line);
}

static void draw_panel(ricochet *r, table *t, canvas c)
{
    (void)r;
    int y = 0;
    const char *phase = phase_of(t);
    cv_textf(c, y++, 0, CV_BOLD, "Round %d: %s", int_of(t->view, "round", 0),
             strcmp(phase, "round_over") == 0 ? "round over" : phase);
    if (r->b.has_target) {
        char chip[80], where[8], text[16];
        chip_words(&r->b.target, chip, sizeof chip);
        cell_name(r->b.target.cell, where, sizeof where);
        target_text(&c, &r->b.target, text, sizeof text);
        int x = cv_text(c, y, 0, 0, "Target ");
        x += cv_text(c, y, x, CV_FG(target_color(&r->b.target)) | CV_BOLD | CV_UNDERLINE, text);
        cv_text_fit(c, y, x + 1, c.w - x - 2, 0, chip + 4);
        y++;
        const char *active = json_string_value(json_object_get(t->view, "active"));
        cv_textf(c, y++, 0, CV_DIM, "at %s, for %s%s", where,
                 active && strcmp(active, "any") == 0 ? "any robot" : active ? active : "?",
                 json_is_true(json_object_get(t->view, "ricochet_rule")) ? "; it must turn" : "");
    }
    y++;
    y = panel_timer(t, c, y);
    y = panel_demo(t, c, y);
    y = panel_bids(t, c, y);
    if (phase_is(t, "round_over")) {
        int64_t next = table_game_ms_left(t, json_integer_value(json_object_get(t->view, "next_round_at")));
        char clock[32];
        table_clock_text(next == INT64_MIN ? table_ms_left(t) : next, clock, sizeof clock);
        cv_textf(c, y++, 0, CV_DIM, "%s in %s", json_is_true(json_object_get(t->view, "final_round"))
                                                    ? "The game ends"
                                                    : "Next chip", clock);
    }
    y++;
    if (y < c.h)
        y = panel_chips(t, c, y) + 1;
    panel_last_round(t, c, y);
}

static void ricochet_draw(void *self, table *t, canvas c)
{
    ricochet *r = self;
    read_board(&r->b, t->view);
    layout l = {.cw = 2, .tall = false, .ox = 3, .oy = 1};
    int panel_min = 28;
    if (c.h >= 2 * RR_SIZE + 2 && c.w >= 3 + 65 + panel_min)
        l = (layout){.cw = 3, .tall = true, .ox = 3, .oy = 1};
    else if (c.h >= 2 * RR_SIZE + 2 && c.w >= 3 + 49 + panel_min)
        l = (layout){.cw = 2, .tall = true, .ox = 3, .oy = 1};
    if (l.tall)
        draw_walls_tall(&r->b, c, &l);
    else
        draw_walls_compact(&r->b, c, &l);
    draw_cells(r, t, c, &l);
    draw_labels(c, &l);
    int px = l.ox + board_w(&l) + 2;
    draw_panel(r, t, cv_sub(c, 0, px, c.h, c.w - px));
    (void)board_h;
}

/* ---- events ---- */

static void ricochet_update(void *self, table *t)
{
    ricochet *r = self;
    read_board(&r->b, t->view);
    size_t i;
    const json_t *ev;
    json_array_foreach(t->events, i, ev) {
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        if (!kind)
            continue;
        if (strcmp(kind, "move") == 0) {
            int robot = color_index(json_string_value(json_object_get(ev, "robot")));
            if (robot < 0)
                continue;
            set_trail(r, robot, json_object_get(ev, "path"));
            memcpy(r->anim_path, r->trail, sizeof r->trail);
            r->anim_len = r->trail_len;
            r->anim_robot = robot;
            r->anim_start = t->now;
        } else if (strcmp(kind, "reveal") == 0 || strcmp(kind, "demo_start") == 0 ||
                   strcmp(kind, "demo_end") == 0) {
            r->trail_len = 0;
            r->anim_len = 0;
            r->give_up_armed = false;
        }
    }
    if (!phase_is(t, "round_over"))
        r->replaying = false;
    /* the demonstrator starts with the target's robot in hand */
    if (i_demonstrate(t) && r->b.has_target && r->b.target.color >= 0 && int_of(t->view, "moves_made", 0) == 0)
        r->selected = r->b.target.color;
}

static bool ricochet_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[100] = "", chip[80], where[8];
    int seat = int_of(ev, "seat", -1);
    if (seat >= 0)
        table_name(t, seat, name, sizeof name);
    if (!kind)
        return false;
    if (strcmp(kind, "reveal") == 0) {
        rr_target tg;
        read_target(json_object_get(ev, "target"), &tg);
        chip_words(&tg, chip, sizeof chip);
        cell_name(tg.cell, where, sizeof where);
        snprintf(buf, len, "Round %d: the target is %s at %s.", int_of(ev, "round", 0), chip, where);
    } else if (strcmp(kind, "bid") == 0) {
        snprintf(buf, len, "%s %s %d.", name, json_is_true(json_object_get(ev, "lowered")) ? "lowers the bid to" : "bids",
                 int_of(ev, "moves", 0));
    } else if (strcmp(kind, "timer") == 0) {
        const char *by = json_string_value(json_object_get(ev, "by"));
        if (by && strcmp(by, "player") == 0)
            snprintf(buf, len, "%s turns the sand timer.", name);
        else if (by && strcmp(by, "idle") == 0)
            snprintf(buf, len, "Nobody bid for long: the sand timer runs.");
        else
            snprintf(buf, len, "The sand timer runs.");
    } else if (strcmp(kind, "timer_out") == 0) {
        int first = (int)json_integer_value(json_array_get(json_object_get(ev, "order"), 0));
        table_name(t, first, name, sizeof name);
        snprintf(buf, len, "Time is up: %s shows first.", json_array_size(json_object_get(ev, "order")) ? name : "nobody");
    } else if (strcmp(kind, "demo_start") == 0) {
        snprintf(buf, len, "%s shows a solution in %d moves.", name, int_of(ev, "bid", 0));
    } else if (strcmp(kind, "move") == 0) {
        int d = dir_parse(json_string_value(json_object_get(ev, "dir")));
        cell_name(int_of(ev, "to", -1), where, sizeof where);
        snprintf(buf, len, "%s: %s %s to %s (%d of %d)%s", name,
                 json_string_value(json_object_get(ev, "robot")), d >= 0 ? dir_words[d] : "?", where,
                 int_of(ev, "moves_made", 0), int_of(ev, "bid", 0),
                 json_is_true(json_object_get(ev, "solved")) ? ": solved!" : "");
    } else if (strcmp(kind, "demo_end") == 0) {
        const char *end = json_string_value(json_object_get(ev, "end"));
        if (end && strcmp(end, "solved") == 0)
            snprintf(buf, len, "%s solved it in %d moves.", name, int_of(ev, "moves", 0));
        else if (end && strcmp(end, "gave_up") == 0)
            snprintf(buf, len, "%s gave up.", name);
        else if (end && strcmp(end, "time") == 0)
            snprintf(buf, len, "%s ran out of time.", name);
        else
            snprintf(buf, len, "%s used all %d moves without reaching the target.", name, int_of(ev, "bid", 0));
    } else if (strcmp(kind, "round_end") == 0) {
        rr_target tg;
        read_target(json_object_get(ev, "target"), &tg);
        chip_words(&tg, chip, sizeof chip);
        const char *outcome = json_string_value(json_object_get(ev, "outcome"));
        int winner = int_of(ev, "winner", -1);
        if (outcome && strcmp(outcome, "won") == 0) {
            table_name(t, winner, name, sizeof name);
            snprintf(buf, len, "%s takes %s.", name, chip);
        } else if (outcome && strcmp(outcome, "no_bids") == 0) {
            snprintf(buf, len, "Nobody bid: %s goes back into the pile.", chip);
        } else {
            snprintf(buf, len, "Nobody showed a solution: %s goes back.", chip);
        }
    } else if (strcmp(kind, "optimal") == 0) {
        const json_t *opt = json_object_get(ev, "optimal");
        if (int_of(opt, "moves", 0) > 0)
            snprintf(buf, len, "The best solution takes %d moves.", int_of(opt, "moves", 0));
        else
            return false;
    } else if (strcmp(kind, "over") == 0) {
        return false; /* the frame shows the result */
    } else {
        return false;
    }
    return true;
}

/* ---- acting ---- */

static int bid(table *t, const char *word)
{
    char *end;
    long n = strtol(word, &end, 10);
    if (*end || n < 1 || n > 99) {
        table_notify(t, true, "A bid is a number of moves from 1 to 99.");
        return GAME_CMD_ERROR;
    }
    if (!can_bid(t)) {
        table_notify(t, true, t->seat < 0 ? "Spectators do not bid." : "Bids are taken while a chip is up, before the demonstrations.");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s, s:i}", "kind", "bid", "moves", (int)n);
    return GAME_CMD_DONE;
}

static int move(ricochet *r, table *t, int robot, int d)
{
    if (!i_demonstrate(t)) {
        table_notify(t, true, "Only the player showing a solution moves the robots.");
        return GAME_CMD_ERROR;
    }
    if (robot < 0 || robot >= r->b.nrobots) {
        table_notify(t, true, "There is no such robot on this board.");
        return GAME_CMD_ERROR;
    }
    r->selected = robot;
    table_actf(t, "{s:s, s:s, s:s}", "kind", "move", "robot", robot_names[robot], "dir", dir_names[d]);
    return GAME_CMD_DONE;
}

static int ricochet_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    ricochet *r = self;
    (void)rest;
    const char *w = argv[0];
    if (strcasecmp(w, "bid") == 0) {
        if (argc != 2) {
            table_notify(t, true, "Use: bid N (the number of moves).");
            return GAME_CMD_ERROR;
        }
        return bid(t, argv[1]);
    }
    if (strcasecmp(w, "timer") == 0) {
        table_actf(t, "{s:s}", "kind", "start_timer");
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "move") == 0 || strcasecmp(w, "m") == 0) {
        int robot = argc >= 2 ? robot_parse(argv[1]) : -1, d = argc >= 3 ? dir_parse(argv[2]) : -1;
        if (argc == 2 && robot < 0)
            robot = r->selected, d = dir_parse(argv[1]);
        if (robot < 0 || d < 0) {
            table_notify(t, true, "Use: move ROBOT DIR, such as move red N (robots red green blue yellow silver; N E S W).");
            return GAME_CMD_ERROR;
        }
        return move(r, t, robot, d);
    }
    if (strcasecmp(w, "select") == 0) {
        int robot = argc == 2 ? robot_parse(argv[1]) : -1;
        if (robot < 0 || robot >= r->b.nrobots) {
            table_notify(t, true, "Use: select ROBOT (red, green, blue, yellow or silver).");
            return GAME_CMD_ERROR;
        }
        r->selected = robot;
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "giveup") == 0 || strcasecmp(w, "give-up") == 0) {
        if (!i_demonstrate(t)) {
            table_notify(t, true, "Only the player showing a solution can give up.");
            return GAME_CMD_ERROR;
        }
        table_actf(t, "{s:s}", "kind", "give_up");
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "replay") == 0) {
        const json_t *steps = json_object_get(json_object_get(json_object_get(t->view, "last_round"), "optimal"), "steps");
        if (!json_array_size(steps)) {
            table_notify(t, true, "There is no solution to show yet.");
            return GAME_CMD_ERROR;
        }
        r->replaying = true;
        r->replay_start = t->now;
        return GAME_CMD_DONE;
    }
    return GAME_CMD_UNKNOWN;
}

static bool ricochet_key(void *self, table *t, int key)
{
    ricochet *r = self;
    if (can_bid(t) && key >= '1' && key <= '9') {
        char text[16];
        snprintf(text, sizeof text, "bid %c", key);
        table_prompt(t, text);
        return true;
    }
    if (can_bid(t) && key == 'b') {
        table_prompt(t, "bid ");
        return true;
    }
    if (phase_is(t, "bidding") && key == 't' && t->seat >= 0) {
        table_actf(t, "{s:s}", "kind", "start_timer");
        return true;
    }
    if (key == 'p' && json_is_object(json_object_get(t->view, "last_round"))) {
        char *argv[] = {"replay", NULL};
        ricochet_command(self, t, 1, argv, "");
        return true;
    }
    if (!i_demonstrate(t))
        return false;
    int robot = -1;
    if (key >= '1' && key <= '5')
        robot = key - '1';
    else if (key < 0x80)
        robot = strchr("rgbys", key) ? (int)(strchr("rgbys", key) - "rgbys") : -1;
    if (robot >= 0 && robot < r->b.nrobots) {
        r->selected = robot;
        return true;
    }
    int d = -1;
    switch (key) {
    case K_UP: case 'k': d = 0; break;
    case K_RIGHT: case 'l': d = 1; break;
    case K_DOWN: case 'j': d = 2; break;
    case K_LEFT: case 'h': d = 3; break;
    case K_TAB:
        r->selected = (r->selected + 1) % (r->b.nrobots ? r->b.nrobots : 1);
        return true;
    case 'x':
        if (r->give_up_armed) {
            table_actf(t, "{s:s}", "kind", "give_up");
            r->give_up_armed = false;
        } else {
            r->give_up_armed = true;
            table_notify(t, false, "Press x again to give up this demonstration.");
        }
        return true;
    default: return false;
    }
    move(r, t, r->selected, d);
    return true;
}

static int ricochet_hints(void *self, table *t, game_hint *out, int max)
{
    ricochet *r = self;
    int n = 0;
#define HINT(k, w, c) do { if (n < max) out[n++] = (game_hint){k, w, c}; } while (0)
    if (can_bid(t)) {
        HINT("1-9", "bid", ":bid ");
        HINT("t", "start timer", "timer");
    }
    if (i_demonstrate(t)) {
        snprintf(r->hint_text, sizeof r->hint_text, "robot (%s)", robot_names[r->selected % RR_ROBOTS]);
        HINT("r g b y s", r->hint_text, NULL);
        HINT("arrows/hjkl", "move", NULL);
        HINT("x x", "give up", NULL);
    }
    if (json_is_object(json_object_get(t->view, "last_round")))
        HINT("p", "best solution", "replay");
#undef HINT
    return n;
}

static int ricochet_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    if (phase_is(t, "bidding")) {
        const json_t *timer = json_object_get(t->view, "timer");
        snprintf(text, len, "%s", json_is_object(timer) ? "bid before the sand runs out (type the number)"
                                                        : "find a solution and bid its moves (type the number)");
        int n = table_seats(t);
        for (int s = 0; s < n && s < 8; s++)
            seats[s] = s;
        return n < 8 ? n : 8;
    }
    if (phase_is(t, "demonstration")) {
        seats[0] = demonstrator(t);
        snprintf(text, len, "show the solution in %d moves: pick a robot, arrows move it",
                 int_of(t->view, "bid_to_beat", 0));
        return 1;
    }
    if (phase_is(t, "round_over")) {
        snprintf(text, len, "%s", json_is_true(json_object_get(t->view, "waiting_for_solver"))
                                      ? "round over; the solver is still thinking"
                                      : "round over; p shows the best solution");
        return -1;
    }
    return -1;
}

static int ricochet_next_frame(void *self, table *t)
{
    ricochet *r = self;
    (void)t;
    return r->anim_len > 0 || r->replaying ? RR_SLIDE_MS : -1;
}

static void ricochet_refused(void *self, table *t, const char *code, const char *message)
{
    ricochet *r = self;
    (void)t, (void)code, (void)message;
    r->give_up_armed = false;
}

static const char *const ricochet_commands[] = {
    "bid N             bid N moves (a lower bid replaces yours)",
    "timer             start the sand timer when nobody has bid for a while",
    "move ROBOT DIR    move a robot: move red N (N E S W; the demonstrator)",
    "select ROBOT      choose the robot the arrow keys move",
    "giveup            give up your demonstration",
    "replay            show the last round's best solution on the board",
    NULL,
};

const game_ui ricochet_ui = {
    .id = "ricochet",
    .size = sizeof(ricochet),
    .commands_help = ricochet_commands,
    .update = ricochet_update,
    .draw = ricochet_draw,
    .key = ricochet_key,
    .command = ricochet_command,
    .hints = ricochet_hints,
    .status = ricochet_status,
    .describe = ricochet_describe,
    .next_frame_ms = ricochet_next_frame,
    .refused = ricochet_refused,
};
