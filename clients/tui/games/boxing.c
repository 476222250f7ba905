/*
 * boxing.c: Robot boxing in the terminal.
 *
 * Before the fight, the layout editor: your robot's nine slots as a 3×3
 * (north up), each with its letter and part, written as the rules write
 * them: (a) a laser, [b] the booster, c an engine. Arrows move between
 * slots, a-i put a letter on the selected slot (swapping), 1 2 3 make it a
 * laser, an engine or (with the free centre) the booster, r deals a random
 * layout, Enter locks it in.
 *
 * During the fight, the ring (columns A.., rows 1..) with every robot's seat
 * mark, your planned path and the cone of the laser you plan to fire, and
 * the order composer: arrow keys and the numeric keypad digits (7 8 9 / 4 6
 * / 1 2 3) add steps, Backspace takes one back, m switches the booster
 * (off, move, shoot), f then a letter picks the laser (f then - holds fire),
 * t then a letter the enemy slot to hit, o the robot to aim at, Enter sends
 * the orders (they may be replaced until the turn resolves). The panel
 * shows what each robot is known to have: slots destroyed, lasers seen
 * firing, directions seen moving, and the last turn's shots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game_ui.h"

#define BX_SLOTS 9
#define BX_CENTRE 4
#define BX_DIRS 8
#define BX_MAX_STEPS 8

enum { PART_LASER, PART_ENGINE, PART_BOOSTER };
enum { BOOST_NONE, BOOST_MOVE, BOOST_SHOOT };

/* Clockwise from north; slots are row*3 + col, row 0 north. */
static const char *const dir_names[BX_DIRS] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
static const int dir_dx[BX_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_dy[BX_DIRS] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int slot_dir[BX_SLOTS] = {7, 0, 1, 6, -1, 2, 5, 4, 3};
static const cv_glyph dir_arrows[BX_DIRS] = {CV_G_ARROW_N, CV_G_ARROW_NE, CV_G_ARROW_E, CV_G_ARROW_SE,
                                             CV_G_ARROW_S, CV_G_ARROW_SW, CV_G_ARROW_W, CV_G_ARROW_NW};
static const char *const boost_names[3] = {"none", "move", "shoot"};

typedef enum mode { MODE_NONE, MODE_FIRE, MODE_TARGET } mode;

typedef struct boxing {
    /* the layout editor */
    int letters[BX_SLOTS];   /* 0..8 for a..i */
    int parts[BX_SLOTS];
    int cursor;
    bool dealt;
    unsigned rng;
    /* the orders being written */
    int turn;                /* the turn they are for */
    int path[BX_MAX_STEPS];
    int steps;
    int boost;
    int fire;                /* letter, -1 holds fire */
    int target;              /* letter, -1 none */
    int target_robot;        /* seat, -1 none */
    mode mode;
    char hint_text[64];
} boxing;

static const char *phase_of(const table *t)
{
    const char *p = json_string_value(json_object_get(t->view, "phase"));
    return p ? p : "";
}

static bool phase_is(const table *t, const char *p)
{
    return strcmp(phase_of(t), p) == 0;
}

static const json_t *robot(const table *t, int seat)
{
    return json_array_get(json_object_get(t->view, "robots"), (size_t)seat);
}

static const json_t *me(const table *t)
{
    return t->seat >= 0 ? robot(t, t->seat) : NULL;
}

static int dir_parse(const char *word)
{
    for (int d = 0; word && d < BX_DIRS; d++) {
        if (strcasecmp(word, dir_names[d]) == 0)
            return d;
    }
    return -1;
}

static int letter_of(int c)
{
    return c >= 'a' && c <= 'i' ? c - 'a' : -1;
}

static bool cell_of(const json_t *r, int *x, int *y)
{
    const json_t *cell = json_object_get(r, "cell");
    if (!json_is_array(cell))
        return false;
    *x = (int)json_integer_value(json_array_get(cell, 0));
    *y = (int)json_integer_value(json_array_get(cell, 1));
    return true;
}

static bool editing_layout(const table *t)
{
    return phase_is(t, "layout") && me(t) && !json_is_true(json_object_get(me(t), "layout_in"));
}

static bool writing_orders(const table *t)
{
    const json_t *m = me(t);
    return phase_is(t, "orders") && m && !json_is_true(json_object_get(m, "out"));
}

/* ---- the layout editor ---- */

static unsigned next_rand(boxing *b)
{
    b->rng ^= b->rng << 13;
    b->rng ^= b->rng >> 17;
    b->rng ^= b->rng << 5;
    return b->rng;
}

static void deal(boxing *b)
{
    for (int i = 0; i < BX_SLOTS; i++)
        b->letters[i] = i;
    for (int i = BX_SLOTS - 1; i > 0; i--) {
        int j = (int)(next_rand(b) % (unsigned)(i + 1)), tmp = b->letters[i];
        b->letters[i] = b->letters[j];
        b->letters[j] = tmp;
    }
    int outer[8] = {0, 1, 2, 3, 5, 6, 7, 8};
    for (int i = 7; i > 0; i--) {
        int j = (int)(next_rand(b) % (unsigned)(i + 1)), tmp = outer[i];
        outer[i] = outer[j];
        outer[j] = tmp;
    }
    for (int s = 0; s < BX_SLOTS; s++)
        b->parts[s] = PART_ENGINE;
    b->parts[BX_CENTRE] = PART_BOOSTER;
    for (int i = 0; i < 4; i++)
        b->parts[outer[i]] = PART_LASER;
    b->dealt = true;
}

static void place_letter(boxing *b, int slot, int letter)
{
    for (int s = 0; s < BX_SLOTS; s++) {
        if (b->letters[s] == letter) {
            b->letters[s] = b->letters[slot];
            b->letters[slot] = letter;
            return;
        }
    }
}

static int count_parts(const boxing *b, int part)
{
    int n = 0;
    for (int s = 0; s < BX_SLOTS; s++)
        n += b->parts[s] == part;
    return n;
}

/* What is wrong with the layout, in a sentence; "" when it may be sent. */
static void layout_problem(const boxing *b, bool free_centre, char *buf, size_t len)
{
    int lasers = count_parts(b, PART_LASER);
    buf[0] = 0;
    if (lasers < 4)
        snprintf(buf, len, "Choose %d more laser%s (1): a robot has exactly four.", 4 - lasers, lasers == 3 ? "" : "s");
    else if (lasers > 4)
        snprintf(buf, len, "Make %d laser%s an engine (2): a robot has exactly four lasers.", lasers - 4,
                 lasers == 5 ? "" : "s");
    else if (count_parts(b, PART_BOOSTER) != 1)
        snprintf(buf, len, "A robot has exactly one booster.");
    else if (!free_centre && b->parts[BX_CENTRE] != PART_BOOSTER)
        snprintf(buf, len, "The booster goes in the centre slot.");
}

static void set_part(boxing *b, int slot, int part, bool free_centre)
{
    if (!free_centre && (slot == BX_CENTRE || part == PART_BOOSTER))
        return;
    if (part == PART_BOOSTER) {
        for (int s = 0; s < BX_SLOTS; s++)
            if (b->parts[s] == PART_BOOSTER)
                b->parts[s] = PART_ENGINE;
    } else if (b->parts[slot] == PART_BOOSTER) {
        return; /* make another slot the booster first */
    }
    b->parts[slot] = part;
}

static json_t *layout_action(const boxing *b)
{
    char grid[3][4], lasers[8] = "", booster[2] = "";
    for (int s = 0; s < BX_SLOTS; s++) {
        char c = (char)('a' + b->letters[s]);
        grid[s / 3][s % 3] = c;
        grid[s / 3][3] = 0;
        if (b->parts[s] == PART_LASER)
            strncat(lasers, &c, 1);
        else if (b->parts[s] == PART_BOOSTER)
            booster[0] = c;
    }
    return json_pack("{s:s, s:[s,s,s], s:s, s:s}", "kind", "layout", "grid", grid[0], grid[1], grid[2],
                     "lasers", lasers, "booster", booster);
}

static int send_layout(boxing *b, table *t)
{
    char problem[160];
    layout_problem(b, json_is_true(json_object_get(t->view, "free_centre")), problem, sizeof problem);
    if (problem[0]) {
        table_notify(t, true, "%s", problem);
        return GAME_CMD_ERROR;
    }
    if (!editing_layout(t)) {
        table_notify(t, true, "Layouts are set once, before the fight.");
        return GAME_CMD_ERROR;
    }
    table_act(t, layout_action(b));
    return GAME_CMD_DONE;
}

/* ---- what the robot can do ---- */

static const json_t *working(const table *t)
{
    return json_object_get(me(t), "working");
}

static bool can_drive(const table *t, int d)
{
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(working(t), "directions"), i, v) {
        if (strcmp(json_string_value(v), dir_names[d]) == 0)
            return true;
    }
    return false;
}

static int max_steps(const boxing *b, const table *t)
{
    return int_of(working(t), b->boost == BOOST_MOVE ? "steps_boosted" : "steps", 0);
}

static int reach(const boxing *b, const table *t)
{
    return int_of(working(t), b->boost == BOOST_SHOOT ? "reach_boosted" : "reach", 0);
}

/* The direction laser `letter` of ours faces, or -1. */
static int gun_dir(const table *t, int letter)
{
    char key[2] = {(char)('a' + letter), 0};
    return dir_parse(json_string_value(json_object_get(json_object_get(working(t), "guns"), key)));
}

/* Is (dx, dy) in the cone of a laser facing d, within king-distance r? */
static bool in_cone(int d, int dx, int dy, int r)
{
    if ((dx == 0 && dy == 0) || abs(dx) > r || abs(dy) > r)
        return false;
    int ux = dir_dx[d], uy = dir_dy[d];
    if (ux == 0 || uy == 0) {
        int along = dx * ux + dy * uy, across = ux == 0 ? dx : dy;
        return along > 0 && abs(across) <= along;
    }
    return dx * ux >= 0 && dy * uy >= 0;
}

static int enemies(const table *t, int *out)
{
    int n = 0, seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats; s++) {
        if (s != t->seat && !json_is_true(json_object_get(robot(t, s), "out")))
            out[n++] = s;
    }
    return n;
}

/* Where the planned path ends (assuming nobody is in the way). */
static void plan_end(const boxing *b, const table *t, int *x, int *y)
{
    if (!cell_of(me(t), x, y)) {
        *x = *y = -100; /* no robot of ours: far off any ring */
        return;
    }
    for (int k = 0; k < b->steps; k++) {
        *x += dir_dx[b->path[k]];
        *y += dir_dy[b->path[k]];
    }
}

static void reset_orders(boxing *b, table *t)
{
    b->steps = 0;
    b->boost = BOOST_NONE;
    b->fire = -1;
    b->target = -1;
    b->mode = MODE_NONE;
    int e[4];
    b->target_robot = enemies(t, e) > 0 ? e[0] : -1;
    b->turn = int_of(t->view, "turn", 0);
}

static int add_step(boxing *b, table *t, int d)
{
    int size = int_of(t->view, "size", 8), x, y;
    if (!can_drive(t, d)) {
        table_notify(t, true, "No working engine of yours drives %s.", dir_names[d]);
        return GAME_CMD_ERROR;
    }
    if (b->steps >= max_steps(b, t) || b->steps >= BX_MAX_STEPS) {
        table_notify(t, true, "That is all the steps you have this turn (%d%s).", max_steps(b, t),
                     b->boost == BOOST_MOVE ? " with the booster" : "; m boosts the engines");
        return GAME_CMD_ERROR;
    }
    plan_end(b, t, &x, &y);
    x += dir_dx[d];
    y += dir_dy[d];
    if (x < 0 || y < 0 || x >= size || y >= size) {
        table_notify(t, true, "That step would leave the ring.");
        return GAME_CMD_ERROR;
    }
    b->path[b->steps++] = d;
    return GAME_CMD_DONE;
}

static int set_fire(boxing *b, table *t, int letter)
{
    if (letter < 0) {
        b->fire = -1;
        return GAME_CMD_DONE;
    }
    if (gun_dir(t, letter) < 0) {
        table_notify(t, true, "%c is not a working laser of yours facing out.", 'a' + letter);
        return GAME_CMD_ERROR;
    }
    b->fire = letter;
    return GAME_CMD_DONE;
}

static json_t *orders_action(const boxing *b, const table *t)
{
    json_t *path = json_array();
    for (int k = 0; k < b->steps; k++)
        json_array_append_new(path, json_string(dir_names[b->path[k]]));
    json_t *a = json_pack("{s:s, s:o, s:s, s:i}", "kind", "orders", "path", path, "booster",
                          boost_names[b->boost], "turn", int_of(t->view, "turn", 0));
    if (b->fire >= 0) {
        char fire[2] = {(char)('a' + b->fire), 0}, target[2] = {(char)('a' + (b->target >= 0 ? b->target : 0)), 0};
        json_object_set_new(a, "fire", json_string(fire));
        json_object_set_new(a, "target", b->target >= 0 ? json_string(target) : json_null());
        if (b->target_robot >= 0 && int_of(t->view, "seats", 2) > 2)
            json_object_set_new(a, "target_robot", json_integer(b->target_robot));
    }
    return a;
}

static int send_orders(boxing *b, table *t)
{
    if (!writing_orders(t)) {
        table_notify(t, true, "There are no orders to write now.");
        return GAME_CMD_ERROR;
    }
    if (b->fire >= 0 && b->target < 0) {
        table_notify(t, true, "Which enemy slot do you aim at? t then a letter (a-i).");
        return GAME_CMD_ERROR;
    }
    table_act(t, orders_action(b, t));
    return GAME_CMD_DONE;
}

/* ---- drawing ---- */

static void slot_text(int letter, int part, char *buf, size_t len)
{
    char c = (char)('a' + letter);
    if (part == PART_LASER)
        snprintf(buf, len, "(%c)", c);
    else if (part == PART_BOOSTER)
        snprintf(buf, len, "[%c]", c);
    else
        snprintf(buf, len, " %c ", c);
}

/* A robot's 3×3 from letters and parts (slots), destroyed letters struck. */
static void draw_grid(canvas c, int y, int x, const int *letters, const int *parts, const char *destroyed,
                      int cursor)
{
    for (int s = 0; s < BX_SLOTS; s++) {
        int row = y + (s / 3) * 2, col = x + (s % 3) * 6;
        char text[8];
        slot_text(letters[s], parts[s], text, sizeof text);
        bool dead = destroyed && strchr(destroyed, 'a' + letters[s]);
        cv_style st = parts[s] == PART_LASER ? CV_FG(CV_RED) | CV_BOLD
                      : parts[s] == PART_BOOSTER ? CV_FG(CV_YELLOW) | CV_BOLD
                                                  : CV_FG(CV_CYAN) | CV_BOLD;
        if (dead)
            st = CV_DIM;
        if (s == cursor)
            st |= CV_REVERSE;
        cv_text(c, row, col, st, text);
        if (dead)
            cv_glyph_at(c, row, col + 3, CV_FG(CV_RED), CV_G_CROSS);
        else if (slot_dir[s] >= 0)
            cv_glyph_at(c, row, col + 3, CV_DIM, dir_arrows[slot_dir[s]]);
        char command[24];
        snprintf(command, sizeof command, "slot %d", s + 1);
        cv_click_at(c, row, col, 4, command);
    }
}

static void layout_from_view(const json_t *layout, int *letters, int *parts)
{
    const char *lasers = json_string_value(json_object_get(layout, "lasers"));
    const char *booster = json_string_value(json_object_get(layout, "booster"));
    for (int s = 0; s < BX_SLOTS; s++) {
        const char *row = json_string_value(json_array_get(json_object_get(layout, "grid"), (size_t)(s / 3)));
        char c = row && strlen(row) == 3 ? row[s % 3] : 'a';
        letters[s] = letter_of(c) >= 0 ? letter_of(c) : 0;
        parts[s] = lasers && strchr(lasers, c) ? PART_LASER : booster && *booster == c ? PART_BOOSTER : PART_ENGINE;
    }
}

static void draw_editor(boxing *b, table *t, canvas c)
{
    bool free_centre = json_is_true(json_object_get(t->view, "free_centre"));
    int64_t left = table_ms_left(t);
    char clock[32];
    table_clock_text(left, clock, sizeof clock);
    cv_text(c, 0, 1, CV_BOLD, "Lay out your robot (secret until the fight ends); north is up.");
    draw_grid(c, 2, 3, b->letters, b->parts, NULL, b->cursor);
    int x = 24;
    cv_text(c, 2, x, 0, "(a) laser: shoots the way its slot faces");
    cv_text(c, 3, x, 0, " a  engine: drives the way its slot faces");
    cv_text(c, 4, x, 0, "[a] booster: doubles steps or reach");
    char problem[160];
    layout_problem(b, free_centre, problem, sizeof problem);
    if (problem[0]) {
        cv_wrap(c, 6, x, c.w - x - 1, 2, CV_FG(CV_RED) | CV_BOLD, problem);
    } else {
        int lasers = count_parts(b, PART_LASER), engines = count_parts(b, PART_ENGINE);
        char drive[80] = "", shoot[80] = "";
        for (int s = 0; s < BX_SLOTS; s++) {
            if (slot_dir[s] < 0)
                continue;
            char *list = b->parts[s] == PART_LASER ? shoot : b->parts[s] == PART_ENGINE ? drive : NULL;
            if (list) {
                strncat(list, " ", 79 - strlen(list));
                strncat(list, dir_names[slot_dir[s]], 79 - strlen(list));
            }
        }
        cv_textf(c, 6, x, 0, "Drives%s: up to %d steps, %d with the booster", drive, engines, engines * 2);
        cv_textf(c, 7, x, 0, "Shoots%s: reach %d, %d with the booster", shoot, lasers, lasers * 2);
    }
    cv_textf(c, 9, x, CV_BOLD, "Lock it in within %s, or a random one is dealt.", clock);
    int y = 9;
    int seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats; s++) {
        char name[100];
        table_name(t, s, name, sizeof name);
        cv_seat_mark(c, y + 2 + s, x, s);
        bool in = json_is_true(json_object_get(robot(t, s), "layout_in"));
        cv_textf(c, y + 2 + s, x + 3, in ? CV_FG(CV_GREEN) : CV_DIM, "%s: %s", name, in ? "ready" : "thinking");
    }
    cv_wrap(c, 9, 1, 21, 6, CV_DIM,
            "Arrows: slot. a-i: its letter. 1 laser, 2 engine" );
    if (free_centre)
        cv_text(c, 12, 1, CV_DIM, "3 booster");
    cv_text(c, 13, 1, CV_DIM, "r: deal again");
    cv_text(c, 14, 1, CV_BOLD, "Enter: lock in");
}

static void draw_ring(boxing *b, table *t, canvas c, int oy, int ox, int cw)
{
    int size = int_of(t->view, "size", 8);
    int stride = cw;
    cv_box(c, oy, ox, size + 2, size * stride + 2, CV_DIM, NULL);
    for (int x = 0; x < size; x++)
        cv_textf(c, oy - 1, ox + 1 + x * stride + (stride - 1) / 2, CV_DIM, "%c", 'A' + x);
    for (int y = 0; y < size; y++)
        cv_textf(c, oy + 1 + y, ox - 3, CV_DIM, "%2d", y + 1);
    bool planning = writing_orders(t) && working(t);
    int mx = -1, my = -1, ex = -1, ey = -1;
    if (planning) {
        cell_of(me(t), &mx, &my);
        plan_end(b, t, &ex, &ey);
    }
    int fire_d = planning && b->fire >= 0 ? gun_dir(t, b->fire) : -1, r = reach(b, t);
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            int row = oy + 1 + y, col = ox + 1 + x * stride;
            const char *g = cv_glyph_text(&c, CV_G_DOT);
            cv_style st = CV_DIM;
            if (fire_d >= 0 && in_cone(fire_d, x - ex, y - ey, r)) {
                g = cv_glyph_text(&c, CV_G_SHADE);
                st = CV_FG(cv_seat_color(t->seat));
            }
            cv_text(c, row, col + (stride - 1) / 2, st, g);
        }
    }
    /* the planned path */
    if (planning) {
        int x = mx, y = my;
        for (int k = 0; k < b->steps; k++) {
            x += dir_dx[b->path[k]];
            y += dir_dy[b->path[k]];
            cv_glyph_at(c, oy + 1 + y, ox + 1 + x * stride + (stride - 1) / 2,
                        CV_FG(cv_seat_color(t->seat)) | CV_BOLD, dir_arrows[b->path[k]]);
        }
    }
    int seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats; s++) {
        const json_t *rb = robot(t, s);
        int x, y;
        if (json_is_true(json_object_get(rb, "out")) || !cell_of(rb, &x, &y))
            continue;
        int col = ox + 1 + x * stride + (stride - 2) / 2;
        cv_seat_mark(c, oy + 1 + y, col, s);
        if (s == t->seat)
            cv_restyle(c, oy + 1 + y, col, 2, CV_FG(cv_seat_color(s)) | CV_BOLD | CV_REVERSE);
        char command[24];
        snprintf(command, sizeof command, "robot %d", s + 1);
        if (s != t->seat)
            cv_click_at(c, oy + 1 + y, col, 2, command);
    }
}

/* What is known of a robot: destroyed slots, lasers seen, ways seen moving. */
static int draw_robot_facts(table *t, canvas c, int y, int s)
{
    const json_t *rb = robot(t, s);
    char name[100];
    table_name(t, s, name, sizeof name);
    cv_seat_mark(c, y, 0, s);
    int x = 3 + cv_text_fit(c, y, 3, 20, s == t->seat ? CV_BOLD : 0, name);
    if (json_is_true(json_object_get(rb, "out")))
        cv_text(c, y, x + 1, CV_FG(CV_RED) | CV_BOLD, "knocked out");
    else if (phase_is(t, "orders"))
        cv_text(c, y, x + 1, json_is_true(json_object_get(rb, "orders_in")) ? CV_FG(CV_GREEN) : CV_DIM,
                json_is_true(json_object_get(rb, "orders_in")) ? "orders in" : "writing orders");
    y++;
    const char *destroyed = json_string_value(json_object_get(rb, "destroyed"));
    char fired[80] = "";
    const char *key;
    const json_t *v;
    json_object_foreach(json_object_get(rb, "fired"), key, v) {
        char item[16];
        snprintf(item, sizeof item, " %s%s", key, json_string_value(v));
        strncat(fired, item, sizeof fired - strlen(fired) - 1);
    }
    char moved[64] = "";
    size_t i;
    json_array_foreach(json_object_get(rb, "moved"), i, v) {
        strncat(moved, " ", sizeof moved - strlen(moved) - 1);
        strncat(moved, json_string_value(v), sizeof moved - strlen(moved) - 1);
    }
    if (s != t->seat) {
        cv_textf(c, y++, 2, 0, "hit: %s", destroyed && *destroyed ? destroyed : "nothing yet");
        cv_textf(c, y++, 2, CV_DIM, "fired:%s  moved:%s", fired[0] ? fired : " -", moved[0] ? moved : " -");
        /* after the fight every layout is revealed */
        const json_t *layout = json_object_get(rb, "layout");
        if (json_is_object(layout) && y + 5 <= c.h) {
            int letters[BX_SLOTS], parts[BX_SLOTS];
            layout_from_view(layout, letters, parts);
            draw_grid(c, y, 2, letters, parts, destroyed, -1);
            y += 6;
        }
    }
    return y;
}

static void plan_text(const boxing *b, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "Path:");
    for (int k = 0; k < b->steps && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, " %s", dir_names[b->path[k]]);
    if (b->steps == 0 && n < len)
        snprintf(buf + n, len - n, " stand still");
}

static int draw_composer(boxing *b, table *t, canvas c, int y)
{
    const json_t *w = working(t);
    cv_textf(c, y++, 0, CV_BOLD, "Your orders for turn %d", int_of(t->view, "turn", 0));
    char text[200];
    plan_text(b, text, sizeof text);
    cv_textf(c, y++, 1, 0, "%s  (%d of %d steps)", text, b->steps, max_steps(b, t));
    cv_textf(c, y++, 1, 0, "Booster: %s%s", boost_names[b->boost],
             json_is_true(json_object_get(w, "booster")) ? "" : " (destroyed)");
    if (b->fire >= 0) {
        char tgt[40] = "?";
        if (b->target >= 0)
            snprintf(tgt, sizeof tgt, "%c", 'a' + b->target);
        char at[100] = "";
        if (int_of(t->view, "seats", 2) > 2 && b->target_robot >= 0) {
            char name[80];
            table_name(t, b->target_robot, name, sizeof name);
            snprintf(at, sizeof at, " of %s", name);
        }
        cv_textf(c, y++, 1, 0, "Fire laser %c (%s), reach %d, at slot %s%s", 'a' + b->fire,
                 dir_names[gun_dir(t, b->fire) >= 0 ? gun_dir(t, b->fire) : 0], reach(b, t), tgt, at);
    } else {
        cv_text(c, y++, 1, 0, "Hold fire");
    }
    const json_t *sent = json_object_get(me(t), "orders");
    cv_text(c, y++, 1, json_is_object(sent) ? CV_FG(CV_GREEN) : CV_FG(CV_YELLOW) | CV_BOLD,
            json_is_object(sent) ? "Orders in (Enter sends new ones)" : "Not sent yet: Enter sends");
    if (b->mode == MODE_FIRE)
        cv_text(c, y++, 1, CV_BOLD | CV_REVERSE, "Which laser? a-i (- holds fire)");
    else if (b->mode == MODE_TARGET)
        cv_text(c, y++, 1, CV_BOLD | CV_REVERSE, "Which enemy slot? a-i");
    return y;
}

static void draw_last(table *t, canvas c, int y)
{
    const json_t *last = json_object_get(t->view, "last");
    if (!json_is_object(last) || y >= c.h)
        return;
    cv_textf(c, y++, 0, CV_BOLD, "Turn %d", int_of(last, "turn", 0));
    size_t i;
    const json_t *shot;
    json_array_foreach(json_object_get(last, "shots"), i, shot) {
        if (y >= c.h)
            return;
        char name[80], target[80], line[300];
        table_name(t, int_of(shot, "seat", 0), name, sizeof name);
        table_name(t, int_of(shot, "target_robot", 0), target, sizeof target);
        const char *slot = json_string_value(json_object_get(shot, "target"));
        bool hit = json_is_true(json_object_get(shot, "hit")), destroyed = json_is_true(json_object_get(shot, "destroyed"));
        snprintf(line, sizeof line, "%s fired %s %s at %s's %s: %s", name,
                 json_string_value(json_object_get(shot, "fire")) ? json_string_value(json_object_get(shot, "fire")) : "?",
                 json_string_value(json_object_get(shot, "direction")) ? json_string_value(json_object_get(shot, "direction")) : "",
                 target, slot ? slot : "?",
                 destroyed ? "destroyed" : hit ? "hit (already gone)" : json_is_true(json_object_get(shot, "in_cone")) ? "out of reach" : "missed");
        y += cv_wrap(c, y, 1, c.w - 2, 2, destroyed ? CV_FG(CV_RED) : 0, line);
    }
}

static void draw_fight(boxing *b, table *t, canvas c)
{
    int size = int_of(t->view, "size", 8);
    int cw = size * 3 + 8 <= c.w / 2 ? 3 : 2;
    int oy = 1, ox = 4;
    draw_ring(b, t, c, oy, ox, cw);
    int px = ox + size * cw + 4;
    canvas p = cv_sub(c, 0, px, c.h, c.w - px);
    int y = 0;
    cv_textf(p, y++, 0, CV_BOLD, "Turn %d of %d", int_of(t->view, "turn", 0), int_of(t->view, "turn_limit", 0));
    const json_t *m = me(t);
    const json_t *layout = json_object_get(m, "layout");
    if (json_is_object(layout)) {
        int letters[BX_SLOTS], parts[BX_SLOTS];
        layout_from_view(layout, letters, parts);
        draw_grid(p, y, 1, letters, parts, json_string_value(json_object_get(m, "destroyed")), -1);
        const json_t *w = working(t);
        bool booster = json_is_true(json_object_get(w, "booster"));
        cv_textf(p, y, 20, 0, "steps %d", int_of(w, "steps", 0));
        cv_textf(p, y + 2, 20, 0, "reach %d", int_of(w, "reach", 0));
        if (booster)
            cv_textf(p, y + 4, 20, CV_DIM, "boosted: %d / %d", int_of(w, "steps_boosted", 0),
                     int_of(w, "reach_boosted", 0));
        else
            cv_text(p, y + 4, 20, CV_DIM, "no booster");
        y += 6;
    }
    if (writing_orders(t) && working(t))
        y = draw_composer(b, t, p, y) + 1;
    int seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats && y < p.h; s++) {
        if (s == t->seat)
            continue;
        y = draw_robot_facts(t, p, y, s);
    }
    draw_last(t, p, y + 1);
}

static void boxing_draw(void *self, table *t, canvas c)
{
    boxing *b = self;
    if (!b->dealt) {
        b->rng = (unsigned)(t->now ^ (int64_t)(uintptr_t)b) | 1u;
        deal(b);
    }
    if (editing_layout(t))
        draw_editor(b, t, c);
    else
        draw_fight(b, t, c);
}

/* ---- keys and commands ---- */

static const struct {
    int key, dir;
} dir_keys[] = {
    {K_UP, 0}, {K_RIGHT, 2}, {K_DOWN, 4}, {K_LEFT, 6}, {K_HOME, 7}, {K_PGUP, 1}, {K_END, 5}, {K_PGDN, 3},
    {'8', 0},  {'9', 1},     {'6', 2},    {'3', 3},    {'2', 4},    {'1', 5},    {'4', 6},   {'7', 7},
};

static bool editor_key(boxing *b, table *t, int key)
{
    bool free_centre = json_is_true(json_object_get(t->view, "free_centre"));
    int row = b->cursor / 3, col = b->cursor % 3;
    switch (key) {
    case K_UP: row = (row + 2) % 3; break;
    case K_DOWN: row = (row + 1) % 3; break;
    case K_LEFT: col = (col + 2) % 3; break;
    case K_RIGHT: col = (col + 1) % 3; break;
    case '1': set_part(b, b->cursor, PART_LASER, free_centre); return true;
    case '2': set_part(b, b->cursor, PART_ENGINE, free_centre); return true;
    case '3': set_part(b, b->cursor, PART_BOOSTER, free_centre); return true;
    case 'r': deal(b); return true;
    case K_ENTER: send_layout(b, t); return true;
    default:
        if (letter_of(key) >= 0) {
            place_letter(b, b->cursor, letter_of(key));
            return true;
        }
        return false;
    }
    b->cursor = row * 3 + col;
    return true;
}

static bool orders_key(boxing *b, table *t, int key)
{
    if (b->mode != MODE_NONE) {
        mode m = b->mode;
        b->mode = MODE_NONE;
        if (key == K_ESC)
            return true;
        if (m == MODE_FIRE && (key == '-' || key == ' ')) {
            set_fire(b, t, -1);
            return true;
        }
        if (letter_of(key) < 0) {
            table_notify(t, true, "A slot is a letter from a to i.");
            return true;
        }
        if (m == MODE_FIRE) {
            if (set_fire(b, t, letter_of(key)) == GAME_CMD_DONE && b->target < 0)
                b->mode = MODE_TARGET;
        } else {
            b->target = letter_of(key);
        }
        return true;
    }
    for (size_t i = 0; i < sizeof dir_keys / sizeof dir_keys[0]; i++) {
        if (dir_keys[i].key == key) {
            add_step(b, t, dir_keys[i].dir);
            return true;
        }
    }
    switch (key) {
    case K_BACKSPACE:
        if (b->steps > 0)
            b->steps--;
        return true;
    case 'm':
        b->boost = (b->boost + 1) % 3;
        if (!json_is_true(json_object_get(working(t), "booster")))
            b->boost = BOOST_NONE;
        while (b->steps > max_steps(b, t))
            b->steps--;
        return true;
    case 'f': b->mode = MODE_FIRE; return true;
    case 't': b->mode = MODE_TARGET; return true;
    case 'o': {
        int e[4], n = enemies(t, e), k = 0;
        for (int i = 0; i < n; i++)
            if (e[i] == b->target_robot)
                k = (i + 1) % n;
        b->target_robot = n ? e[k] : -1;
        return true;
    }
    case K_ENTER: send_orders(b, t); return true;
    default: return false;
    }
}

static bool boxing_key(void *self, table *t, int key)
{
    boxing *b = self;
    if (editing_layout(t))
        return editor_key(b, t, key);
    if (writing_orders(t) && working(t))
        return orders_key(b, t, key);
    return false;
}

/* "gha ibc fed abcd [b]" */
static int layout_command(boxing *b, table *t, int argc, char **argv)
{
    bool free_centre = json_is_true(json_object_get(t->view, "free_centre"));
    if (argc == 1)
        return send_layout(b, t);
    if (argc == 2 && strcasecmp(argv[1], "random") == 0) {
        deal(b);
        return send_layout(b, t);
    }
    if (argc < 5 || argc > 6) {
        table_notify(t, true, "Use: layout ROW ROW ROW LASERS [BOOSTER], such as layout gha ibc fed abcd (north row first).");
        return GAME_CMD_ERROR;
    }
    boxing next = *b;
    bool used[BX_SLOTS] = {false};
    for (int row = 0; row < 3; row++) {
        const char *r = argv[1 + row];
        for (int col = 0; col < 3; col++) {
            int l = strlen(r) == 3 ? letter_of(r[col]) : -1;
            if (l < 0 || used[l]) {
                table_notify(t, true, "Each row is three of the letters a to i, each letter once.");
                return GAME_CMD_ERROR;
            }
            used[l] = true;
            next.letters[row * 3 + col] = l;
        }
    }
    for (int s = 0; s < BX_SLOTS; s++) {
        char c = (char)('a' + next.letters[s]);
        bool booster = argc == 6 ? argv[5][0] == c && !argv[5][1] : s == BX_CENTRE;
        next.parts[s] = strchr(argv[4], c) ? PART_LASER : booster ? PART_BOOSTER : PART_ENGINE;
    }
    char problem[160];
    layout_problem(&next, free_centre, problem, sizeof problem);
    if (problem[0]) {
        table_notify(t, true, "%s", problem);
        return GAME_CMD_ERROR;
    }
    *b = next;
    return send_layout(b, t);
}

/* orders [DIR ...] [boost=none|move|shoot] [fire=L] [target=L] [robot=N] */
static int orders_command(boxing *b, table *t, int argc, char **argv)
{
    if (argc == 1)
        return send_orders(b, t);
    boxing next = *b;
    next.steps = 0;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        int d = dir_parse(w);
        if (d >= 0) {
            if (add_step(&next, t, d) != GAME_CMD_DONE)
                return GAME_CMD_ERROR;
            continue;
        }
        const char *eq = strchr(w, '=');
        const char *v = eq ? eq + 1 : "";
        size_t n = eq ? (size_t)(eq - w) : strlen(w);
        if (n == 5 && strncasecmp(w, "boost", 5) == 0) {
            int k = 0;
            while (k < 3 && strcasecmp(v, boost_names[k]) != 0)
                k++;
            if (k == 3) {
                table_notify(t, true, "boost is none, move or shoot.");
                return GAME_CMD_ERROR;
            }
            next.boost = k;
        } else if (n == 4 && strncasecmp(w, "fire", 4) == 0) {
            bool none = strcasecmp(v, "none") == 0;
            if (!none && (strlen(v) != 1 || letter_of(v[0]) < 0)) {
                table_notify(t, true, "fire is one of your laser letters (a to i), or none.");
                return GAME_CMD_ERROR;
            }
            if (set_fire(&next, t, none ? -1 : letter_of(v[0])) != GAME_CMD_DONE)
                return GAME_CMD_ERROR;
        } else if (n == 6 && strncasecmp(w, "target", 6) == 0) {
            if (strlen(v) != 1 || letter_of(v[0]) < 0) {
                table_notify(t, true, "target is an enemy slot letter, a to i.");
                return GAME_CMD_ERROR;
            }
            next.target = letter_of(v[0]);
        } else if (n == 5 && strncasecmp(w, "robot", 5) == 0) {
            next.target_robot = atoi(v) - 1;
        } else {
            table_notify(t, true, "Use: orders [DIR ...] [boost=move|shoot] [fire=L target=L [robot=N]]; DIR is N NE E SE S SW W NW.");
            return GAME_CMD_ERROR;
        }
    }
    *b = next;
    return send_orders(b, t);
}

static int boxing_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    boxing *b = self;
    (void)rest;
    const char *w = argv[0];
    if (strcasecmp(w, "layout") == 0)
        return layout_command(b, t, argc, argv);
    if (strcasecmp(w, "orders") == 0)
        return orders_command(b, t, argc, argv);
    if (strcasecmp(w, "slot") == 0 && argc == 2 && atoi(argv[1]) >= 1 && atoi(argv[1]) <= 9) {
        b->cursor = atoi(argv[1]) - 1;
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "robot") == 0 && argc == 2) {
        int s = atoi(argv[1]) - 1;
        if (s < 0 || s >= int_of(t->view, "seats", 2) || s == t->seat) {
            table_notify(t, true, "Aim at another robot: robot N (its seat number).");
            return GAME_CMD_ERROR;
        }
        b->target_robot = s;
        return GAME_CMD_DONE;
    }
    return GAME_CMD_UNKNOWN;
}

static void boxing_update(void *self, table *t)
{
    boxing *b = self;
    if (writing_orders(t) && b->turn != int_of(t->view, "turn", 0))
        reset_orders(b, t);
}

static bool boxing_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[100] = "";
    int seat = int_of(ev, "seat", -1);
    if (seat >= 0)
        table_name(t, seat, name, sizeof name);
    if (!kind)
        return false;
    if (strcmp(kind, "layout_in") == 0)
        snprintf(buf, len, "%s has laid out their robot.", name);
    else if (strcmp(kind, "layout_assigned") == 0)
        snprintf(buf, len, "%s ran out of time and got a random layout.", name);
    else if (strcmp(kind, "turn") == 0)
        snprintf(buf, len, "Turn %d: write your orders.", int_of(ev, "turn", 0));
    else if (strcmp(kind, "orders_in") == 0)
        snprintf(buf, len, "%s %s orders.", name, json_is_true(json_object_get(ev, "replaced")) ? "changed their" : "sent");
    else if (strcmp(kind, "resolved") == 0) {
        size_t n = 0, i;
        const json_t *shot;
        json_array_foreach(json_object_get(ev, "shots"), i, shot)
            n += json_is_true(json_object_get(shot, "destroyed"));
        snprintf(buf, len, "Turn %d resolves: %zu shot%s, %zu part%s destroyed.", int_of(ev, "turn", 0),
                 json_array_size(json_object_get(ev, "shots")), json_array_size(json_object_get(ev, "shots")) == 1 ? "" : "s",
                 n, n == 1 ? "" : "s");
    } else
        return false;
    return true;
}

static int boxing_hints(void *self, table *t, game_hint *out, int max)
{
    boxing *b = self;
    int n = 0;
#define HINT(k, w, c) do { if (n < max) out[n++] = (game_hint){k, w, c}; } while (0)
    if (editing_layout(t)) {
        HINT("arrows", "slot", NULL);
        HINT("a-i", "letter", NULL);
        HINT("1/2", "laser/engine", NULL);
        HINT("r", "deal", NULL);
        HINT("Enter", "lock in", "layout");
    } else if (writing_orders(t) && working(t)) {
        HINT("arrows 1-9", "step", NULL);
        HINT("Bksp", "undo", NULL);
        snprintf(b->hint_text, sizeof b->hint_text, "boost (%s)", boost_names[b->boost]);
        HINT("m", b->hint_text, NULL);
        HINT("f", "fire", NULL);
        HINT("t", "target", NULL);
        if (int_of(t->view, "seats", 2) > 2)
            HINT("o", "aim at", NULL);
        HINT("Enter", "send", "orders");
    }
#undef HINT
    return n;
}

static int boxing_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    int n = 0, total = int_of(t->view, "seats", 2);
    bool layout = phase_is(t, "layout");
    if (!layout && !phase_is(t, "orders"))
        return -1;
    for (int s = 0; s < total && n < 8; s++) {
        const json_t *r = robot(t, s);
        bool done = layout ? json_is_true(json_object_get(r, "layout_in"))
                           : json_is_true(json_object_get(r, "orders_in")) || json_is_true(json_object_get(r, "out"));
        if (!done)
            seats[n++] = s;
    }
    snprintf(text, len, "%s", layout ? "lay out the robot" : "write the orders for this turn");
    return n;
}

static const char *const boxing_commands[] = {
    "layout ROW ROW ROW LASERS [BOOSTER]   lock in a layout: layout gha ibc fed abcd",
    "layout                                lock in the layout on screen (layout random: a random one)",
    "orders [DIR ...] [boost=move|shoot] [fire=L target=L [robot=N]]",
    "                                      send orders: orders N NE boost=move fire=d target=c",
    "orders                                send the orders on screen",
    "robot N                               aim at robot N (three or more robots)",
    NULL,
};

const game_ui boxing_ui = {
    .id = "boxing",
    .size = sizeof(boxing),
    .commands_help = boxing_commands,
    .update = boxing_update,
    .draw = boxing_draw,
    .key = boxing_key,
    .command = boxing_command,
    .hints = boxing_hints,
    .status = boxing_status,
    .describe = boxing_describe,
};
