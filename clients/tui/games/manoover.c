/*
 * manoover.c: Robot Attack (MANOOVER) in the terminal.
 *
 * The hex board is drawn with flat-topped hexes in text: each hex three
 * columns inside, two rows tall, the next column half a hex lower, so axial
 * cell [q, r] sits at column 4q and half-row 2r + q. A robot shows its
 * number and its arrow in its owner's colour ("4↗", "4NE" in ASCII); a goal
 * shows its owner's ring. The panel beside it: whose turn, the dice (used
 * ones struck out), what each of your robots may do, the score, and the
 * match.
 *
 * Keys during your control phase: a digit picks the robot a die names,
 * Enter (or f) steps it forward, w e d s a q turn it to N NE SE S SW NW
 * (the hex keys around s), Tab goes to the next robot, p twice passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game_ui.h"

#define MV_DIRS 6
#define MV_MAX_RADIUS 4

static const char *const dir_names[MV_DIRS] = {"N", "NE", "SE", "S", "SW", "NW"};
static const char *const dir_words[MV_DIRS] = {"north", "north-east", "south-east", "south", "south-west", "north-west"};
static const cv_glyph dir_arrows[MV_DIRS] = {CV_G_ARROW_N, CV_G_ARROW_NE, CV_G_ARROW_SE,
                                             CV_G_ARROW_S, CV_G_ARROW_SW, CV_G_ARROW_NW};
static const int dq[MV_DIRS] = {0, 1, 1, 0, -1, -1}, dr[MV_DIRS] = {-1, -1, 0, 1, 1, 0};
/* The hex keys: the six around s on a QWERTY keyboard, clockwise from w. */
static const char dir_keys[MV_DIRS] = {'w', 'e', 'd', 's', 'a', 'q'};

typedef struct manoover {
    int selected;          /* the robot number picked, 0 for none */
    bool pass_armed;
    int moved_owner[8], moved_number[8], nmoved; /* robots that moved in the last update */
} manoover;

static int dir_parse(const char *word)
{
    for (int d = 0; word && d < MV_DIRS; d++) {
        if (strcasecmp(word, dir_names[d]) == 0 || strcasecmp(word, dir_words[d]) == 0)
            return d;
    }
    return -1;
}

static cv_color owner_color(const table *t, int owner)
{
    const char *name = json_string_value(json_array_get(json_object_get(t->view, "colours"), (size_t)owner));
    static const struct {
        const char *name;
        cv_color c;
    } colours[] = {{"red", CV_RED}, {"blue", CV_BLUE}, {"green", CV_GREEN}, {"yellow", CV_YELLOW},
                   {"white", CV_WHITE}, {"black", CV_GREY}};
    for (size_t i = 0; name && i < sizeof colours / sizeof colours[0]; i++) {
        if (strcmp(name, colours[i].name) == 0)
            return colours[i].c;
    }
    return cv_seat_color(owner);
}

static const char *owner_colour_name(const table *t, int owner)
{
    const char *name = json_string_value(json_array_get(json_object_get(t->view, "colours"), (size_t)owner));
    return name ? name : "?";
}

static bool my_control(const table *t)
{
    const char *phase = json_string_value(json_object_get(t->view, "phase"));
    return t->seat >= 0 && phase && strcmp(phase, "control") == 0 && int_of(t->view, "turn", -1) == t->seat &&
           json_is_object(json_object_get(t->view, "legal"));
}

/* The legal entry for robot `number` of ours, or NULL. */
static const json_t *legal_robot(const table *t, int number)
{
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(json_object_get(t->view, "legal"), "robots"), i, r) {
        if (int_of(r, "number", 0) == number)
            return r;
    }
    return NULL;
}

static bool may_turn(const json_t *legal, int d)
{
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(legal, "turn"), i, v) {
        if (strcmp(json_string_value(v), dir_names[d]) == 0)
            return true;
    }
    return false;
}

static const json_t *robot_on(const table *t, int q, int r)
{
    size_t i;
    const json_t *rb;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
        const json_t *cell = json_object_get(rb, "cell");
        if ((int)json_integer_value(json_array_get(cell, 0)) == q && (int)json_integer_value(json_array_get(cell, 1)) == r)
            return rb;
    }
    return NULL;
}

static const json_t *my_robot(const table *t, int number)
{
    size_t i;
    const json_t *rb;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
        if (int_of(rb, "owner", -1) == t->seat && int_of(rb, "number", 0) == number)
            return rb;
    }
    return NULL;
}

/* ---- the board ---- */

typedef struct hexes {
    int radius;
    int ox, oy; /* the top-left of the drawing */
} hexes;

static bool on_board(int radius, int q, int r)
{
    int s = -q - r;
    return abs(q) <= radius && abs(r) <= radius && abs(s) <= radius;
}

/* The screen position of the hex's top-left corner (its "/" is one row
 * below, its inside starts one column right). */
static void hex_pos(const hexes *h, int q, int r, int *y, int *x)
{
    *x = h->ox + 4 * (q + h->radius);
    *y = h->oy + (2 * r + q) + 2 * h->radius;
}

static void draw_outline(const hexes *h, canvas c, int q, int r, cv_style st)
{
    int y, x;
    hex_pos(h, q, r, &y, &x);
    cv_text(c, y, x + 1, st, "___");
    cv_text(c, y + 1, x, st, "/");
    cv_text(c, y + 1, x + 4, st, "\\");
    cv_text(c, y + 2, x, st, "\\___/");
}

static void hex_text(const hexes *h, canvas c, int q, int r, cv_style st, const char *text)
{
    int y, x;
    hex_pos(h, q, r, &y, &x);
    cv_fill(c, y + 1, x + 1, 1, 3, st, L' ');
    cv_text_fit(c, y + 1, x + 1, 3, st, text);
}

static bool moved_recently(const manoover *m, int owner, int number)
{
    for (int i = 0; i < m->nmoved; i++) {
        if (m->moved_owner[i] == owner && m->moved_number[i] == number)
            return true;
    }
    return false;
}

static void robot_text(const canvas *c, const json_t *rb, char *buf, size_t len)
{
    int d = dir_parse(json_string_value(json_object_get(rb, "dir")));
    if (cv_utf8(c))
        snprintf(buf, len, "%d%s", int_of(rb, "number", 0), d >= 0 ? cv_glyph_text(c, dir_arrows[d]) : "?");
    else
        snprintf(buf, len, "%d%s", int_of(rb, "number", 0), d >= 0 ? dir_names[d] : "?");
}

static void draw_board(manoover *m, table *t, canvas c, const hexes *h)
{
    int R = h->radius;
    for (int q = -R; q <= R; q++)
        for (int r = -R; r <= R; r++)
            if (on_board(R, q, r))
                draw_outline(h, c, q, r, CV_DIM);
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "goals"), i, v) {
        const json_t *cell = json_object_get(v, "cell");
        int owner = int_of(v, "owner", 0);
        int q = (int)json_integer_value(json_array_get(cell, 0)), r = (int)json_integer_value(json_array_get(cell, 1));
        draw_outline(h, c, q, r, CV_FG(owner_color(t, owner)) | CV_BOLD);
        char text[16];
        snprintf(text, sizeof text, "%s%d", cv_glyph_text(&c, CV_G_RING), owner + 1);
        hex_text(h, c, q, r, CV_FG(owner_color(t, owner)) | CV_BOLD, text);
    }
    bool mine = my_control(t);
    json_array_foreach(json_object_get(t->view, "robots"), i, v) {
        const json_t *cell = json_object_get(v, "cell");
        int owner = int_of(v, "owner", 0), number = int_of(v, "number", 0);
        int q = (int)json_integer_value(json_array_get(cell, 0)), r = (int)json_integer_value(json_array_get(cell, 1));
        char text[16];
        robot_text(&c, v, text, sizeof text);
        cv_style st = CV_FG(owner_color(t, owner)) | CV_BOLD;
        if (!cv_has_color(&c) && owner % 2 == 1)
            st |= CV_REVERSE; /* two sides told apart without colour */
        if (moved_recently(m, owner, number))
            st |= CV_UNDERLINE;
        if (mine && owner == t->seat && number == m->selected)
            st = (st | CV_REVERSE) & ~CV_UNDERLINE;
        hex_text(h, c, q, r, st, text);
        if (mine && owner == t->seat && legal_robot(t, number)) {
            int y, x;
            hex_pos(h, q, r, &y, &x);
            char command[24];
            snprintf(command, sizeof command, "select %d", number);
            cv_click_at(c, y + 1, x + 1, 3, command);
        }
    }
    /* where the selected robot would step */
    const json_t *sel = mine ? my_robot(t, m->selected) : NULL;
    if (sel && legal_robot(t, m->selected)) {
        const json_t *cell = json_object_get(sel, "cell");
        int d = dir_parse(json_string_value(json_object_get(sel, "dir")));
        int q = (int)json_integer_value(json_array_get(cell, 0)) + (d >= 0 ? dq[d] : 0);
        int r = (int)json_integer_value(json_array_get(cell, 1)) + (d >= 0 ? dr[d] : 0);
        if (d >= 0 && on_board(R, q, r) && !robot_on(t, q, r)) {
            bool goal = false;
            json_array_foreach(json_object_get(t->view, "goals"), i, v) {
                const json_t *gc = json_object_get(v, "cell");
                goal = goal || ((int)json_integer_value(json_array_get(gc, 0)) == q &&
                                (int)json_integer_value(json_array_get(gc, 1)) == r);
            }
            if (!goal) {
                hex_text(h, c, q, r, CV_FG(owner_color(t, t->seat)), cv_glyph_text(&c, CV_G_DOT));
                int y, x;
                hex_pos(h, q, r, &y, &x);
                cv_click_at(c, y + 1, x + 1, 3, "step");
            }
        }
    }
}

/* ---- the panel ---- */

static int panel_dice(manoover *m, table *t, canvas c, int y)
{
    int turn = int_of(t->view, "turn", -1);
    char name[100];
    table_name(t, turn, name, sizeof name);
    int x = cv_textf(c, y, 0, CV_BOLD, "%s (%s): ", turn == t->seat ? "You" : name, owner_colour_name(t, turn));
    size_t i;
    const json_t *d;
    json_array_foreach(json_object_get(t->view, "dice"), i, d) {
        bool used = json_is_true(json_object_get(d, "used")), usable = json_is_true(json_object_get(d, "usable"));
        int value = int_of(d, "value", 0);
        cv_style st = used ? CV_DIM : usable ? CV_BOLD | CV_FG(owner_color(t, turn)) : CV_DIM;
        if (!used && value == m->selected && turn == t->seat)
            st |= CV_REVERSE;
        x += cv_textf(c, y, x, st, "[%d]", value);
        if (used)
            x += cv_text(c, y, x, CV_DIM, cv_glyph_text(&c, CV_G_CHECK));
        x++;
    }
    y++;
    const json_t *aside = json_object_get(t->view, "set_aside");
    if (json_array_size(aside)) {
        char text[64] = "";
        size_t n = 0;
        json_array_foreach(aside, i, d) {
            int w = snprintf(text + n, sizeof text - n, " %d", (int)json_integer_value(d));
            if (w < 0 || (size_t)w >= sizeof text - n)
                break;
            n += (size_t)w;
        }
        cv_textf(c, y++, 1, CV_DIM, "set aside (gone robots):%s", text);
    }
    if (!my_control(t))
        return y;
    y++;
    cv_text(c, y++, 0, CV_BOLD, "Your robots with dice:");
    json_array_foreach(json_object_get(json_object_get(t->view, "legal"), "robots"), i, d) {
        int number = int_of(d, "number", 0);
        char turns[64] = "";
        size_t k;
        const json_t *dir;
        json_array_foreach(json_object_get(d, "turn"), k, dir) {
            strncat(turns, k ? " " : "", sizeof turns - strlen(turns) - 1);
            strncat(turns, json_string_value(dir), sizeof turns - strlen(turns) - 1);
        }
        cv_style st = number == m->selected ? CV_REVERSE | CV_BOLD : CV_BOLD;
        cv_textf(c, y, 1, st, "%d", number);
        char line[160];
        snprintf(line, sizeof line, "%d %s: %sturn %s", int_of(d, "dice", 0),
                 int_of(d, "dice", 0) == 1 ? "die" : "dice",
                 json_is_true(json_object_get(d, "step")) ? "step, " : "", turns);
        cv_text_fit(c, y, 3, c.w - 4, 0, line);
        char command[24];
        snprintf(command, sizeof command, "select %d", number);
        cv_click_at(c, y, 0, c.w, command);
        y++;
    }
    return y;
}

static int panel_score(table *t, canvas c, int y)
{
    int seats = int_of(t->view, "seats", 2);
    const json_t *match = json_object_get(t->view, "match");
    int to = int_of(match, "to", 0);
    cv_text(c, y++, 0, CV_BOLD, "In goal   on board   match");
    for (int s = 0; s < seats; s++) {
        char name[100];
        table_name(t, s, name, sizeof name);
        cv_style st = CV_FG(owner_color(t, s)) | CV_BOLD;
        int score = (int)json_integer_value(json_array_get(json_object_get(t->view, "score"), (size_t)s));
        int alive = (int)json_integer_value(json_array_get(json_object_get(t->view, "alive"), (size_t)s));
        int total = (int)json_integer_value(json_array_get(json_object_get(match, "totals"), (size_t)s));
        cv_textf(c, y, 0, st, "%-7.7s", owner_colour_name(t, s));
        cv_textf(c, y, 8, 0, "%2d   %2d", score, alive);
        if (to > 0)
            cv_textf(c, y, 19, 0, "%d/%d", total, to);
        cv_text_fit(c, y, 26, c.w - 27, s == t->seat ? CV_BOLD : CV_DIM, name);
        y++;
    }
    return y;
}

static void draw_panel(manoover *m, table *t, canvas c)
{
    int y = 0;
    const json_t *match = json_object_get(t->view, "match");
    int to = int_of(match, "to", 0);
    if (to > 0)
        cv_textf(c, y++, 0, CV_BOLD, "Game %d of a match to %d, turn %d", int_of(t->view, "game", 1), to,
                 int_of(t->view, "turn_number", 0));
    else
        cv_textf(c, y++, 0, CV_BOLD, "Turn %d", int_of(t->view, "turn_number", 0));
    if (t->seat >= 0)
        cv_textf(c, y++, 0, CV_FG(owner_color(t, t->seat)) | CV_BOLD, "You play %s; your goal is %s%d",
                 owner_colour_name(t, t->seat), cv_glyph_text(&c, CV_G_RING), t->seat + 1);
    y++;
    const char *phase = json_string_value(json_object_get(t->view, "phase"));
    if (phase && strcmp(phase, "control") == 0) {
        y = panel_dice(m, t, c, y);
    } else {
        const json_t *games = json_object_get(match, "games");
        const json_t *last = json_array_get(games, json_array_size(games) - 1);
        if (last) {
            cv_textf(c, y++, 0, CV_BOLD, "Game %d over", int_of(last, "game", 0));
            int64_t next = table_ms_left(t);
            if (next >= 0 && !json_is_true(json_object_get(match, "over"))) {
                char clock[32];
                table_clock_text(next, clock, sizeof clock);
                cv_textf(c, y++, 0, 0, "The next game starts in %s", clock);
            }
        }
    }
    y++;
    y = panel_score(t, c, y);
    const json_t *off = json_object_get(t->view, "off_board");
    if (json_array_size(off) && y < c.h)
        cv_textf(c, y++, 0, CV_DIM, "Off the board: %d robots", (int)json_array_size(off));
}

static void manoover_draw(void *self, table *t, canvas c)
{
    manoover *m = self;
    int R = int_of(t->view, "radius", 3);
    if (R < 1 || R > MV_MAX_RADIUS)
        R = MV_MAX_RADIUS;
    hexes h = {.radius = R, .ox = 1, .oy = 0};
    int height = 4 * R + 3, width = 4 * (2 * R + 1) + 1;
    if (c.h > height + 1)
        h.oy = (c.h - height) / 2 - 1;
    if (h.oy < 0)
        h.oy = 0;
    draw_board(m, t, c, &h);
    int px = h.ox + width + 3;
    draw_panel(m, t, cv_sub(c, 0, px, c.h, c.w - px));
}

/* ---- acting ---- */

static int act_turn(manoover *m, table *t, int number, int d)
{
    const json_t *legal = legal_robot(t, number);
    if (!my_control(t)) {
        table_notify(t, true, "It is not your turn to move robots.");
        return GAME_CMD_ERROR;
    }
    if (!legal) {
        table_notify(t, true, "No die of yours names robot %d.", number);
        return GAME_CMD_ERROR;
    }
    if (!may_turn(legal, d)) {
        table_notify(t, true, "Robot %d already points %s.", number, dir_words[d]);
        return GAME_CMD_ERROR;
    }
    m->selected = number;
    table_actf(t, "{s:s, s:i, s:s}", "kind", "turn", "robot", number, "dir", dir_names[d]);
    return GAME_CMD_DONE;
}

static int act_step(manoover *m, table *t, int number)
{
    if (!my_control(t)) {
        table_notify(t, true, "It is not your turn to move robots.");
        return GAME_CMD_ERROR;
    }
    if (!legal_robot(t, number)) {
        table_notify(t, true, number ? "No die of yours names robot %d." : "Pick a robot first (its number).", number);
        return GAME_CMD_ERROR;
    }
    m->selected = number;
    table_actf(t, "{s:s, s:i}", "kind", "step", "robot", number);
    return GAME_CMD_DONE;
}

static int act_pass(table *t)
{
    if (!my_control(t)) {
        table_notify(t, true, "It is not your turn.");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s}", "kind", "pass");
    return GAME_CMD_DONE;
}

static int number_of(const char *word)
{
    char *end;
    long n = strtol(word, &end, 10);
    return *end || n < 1 || n > 9 ? -1 : (int)n;
}

static int manoover_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    manoover *m = self;
    (void)rest;
    const char *w = argv[0];
    if (strcasecmp(w, "turn") == 0 || strcasecmp(w, "move") == 0) {
        int n = argc == 3 ? number_of(argv[1]) : -1, d = argc == 3 ? dir_parse(argv[2]) : -1;
        if (argc == 2 && m->selected)
            n = m->selected, d = dir_parse(argv[1]);
        if (n < 0 || d < 0) {
            table_notify(t, true, "Use: turn ROBOT DIR, such as turn 2 NE (N NE SE S SW NW).");
            return GAME_CMD_ERROR;
        }
        return act_turn(m, t, n, d);
    }
    if (strcasecmp(w, "step") == 0) {
        int n = argc == 2 ? number_of(argv[1]) : argc == 1 ? m->selected : -1;
        if (n < 0) {
            table_notify(t, true, "Use: step ROBOT, such as step 2.");
            return GAME_CMD_ERROR;
        }
        return act_step(m, t, n);
    }
    if (strcasecmp(w, "pass") == 0)
        return act_pass(t);
    if (strcasecmp(w, "select") == 0) {
        int n = argc == 2 ? number_of(argv[1]) : -1;
        if (n < 0 || !legal_robot(t, n)) {
            table_notify(t, true, "Select a robot a die of yours names.");
            return GAME_CMD_ERROR;
        }
        m->selected = n;
        return GAME_CMD_DONE;
    }
    return GAME_CMD_UNKNOWN;
}

static void select_next(manoover *m, table *t)
{
    const json_t *robots = json_object_get(json_object_get(t->view, "legal"), "robots");
    size_t n = json_array_size(robots), i;
    if (!n)
        return;
    for (i = 0; i < n; i++) {
        if (int_of(json_array_get(robots, i), "number", 0) == m->selected)
            break;
    }
    m->selected = int_of(json_array_get(robots, i < n ? (i + 1) % n : 0), "number", 0);
}

static bool manoover_key(void *self, table *t, int key)
{
    manoover *m = self;
    if (!my_control(t))
        return false;
    if (key != 'p')
        m->pass_armed = false;
    if (key >= '1' && key <= '9') {
        int n = key - '0';
        if (legal_robot(t, n))
            m->selected = n;
        else
            table_notify(t, true, "No die of yours names robot %d.", n);
        return true;
    }
    if (key == K_TAB) {
        select_next(m, t);
        return true;
    }
    if (key == K_ENTER || key == 'f' || key == ' ') {
        act_step(m, t, m->selected);
        return true;
    }
    if (key == 'p') {
        if (m->pass_armed) {
            m->pass_armed = false;
            act_pass(t);
        } else {
            m->pass_armed = true;
            table_notify(t, false, "Press p again to pass: your unused dice are lost.");
        }
        return true;
    }
    for (int d = 0; d < MV_DIRS; d++) {
        if (key == dir_keys[d]) {
            if (!m->selected)
                table_notify(t, true, "Pick a robot first: the number on one of your dice.");
            else
                act_turn(m, t, m->selected, d);
            return true;
        }
    }
    return false;
}

static void manoover_update(void *self, table *t)
{
    manoover *m = self;
    m->nmoved = 0;
    size_t i;
    const json_t *ev;
    json_array_foreach(t->events, i, ev) {
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        if (!kind || (strcmp(kind, "step") != 0 && strcmp(kind, "turned") != 0))
            continue;
        const json_t *robot = json_object_get(ev, "robot");
        if (m->nmoved < 8) {
            m->moved_owner[m->nmoved] = int_of(robot, "owner", -1);
            m->moved_number[m->nmoved++] = int_of(robot, "number", 0);
        }
    }
    /* keep the pick if it can still act; else the first robot that can */
    if (my_control(t) && !legal_robot(t, m->selected))
        m->selected = int_of(json_array_get(json_object_get(json_object_get(t->view, "legal"), "robots"), 0), "number", 0);
    if (!my_control(t))
        m->pass_armed = false;
}

static void robot_name(const table *t, const json_t *robot, char *buf, size_t len)
{
    snprintf(buf, len, "%s %d", owner_colour_name(t, int_of(robot, "owner", 0)), int_of(robot, "number", 0));
}

static bool manoover_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[100] = "", robot[40];
    int seat = int_of(ev, "seat", -1);
    if (seat >= 0)
        table_name(t, seat, name, sizeof name);
    if (!kind)
        return false;
    robot_name(t, json_object_get(ev, "robot"), robot, sizeof robot);
    if (strcmp(kind, "roll") == 0) {
        char dice[64] = "";
        size_t i, n = 0;
        const json_t *d;
        json_array_foreach(json_object_get(ev, "dice"), i, d) {
            int w = snprintf(dice + n, sizeof dice - n, "%s%d", i ? " " : "", (int)json_integer_value(d));
            if (w < 0 || (size_t)w >= sizeof dice - n)
                break;
            n += (size_t)w;
        }
        snprintf(buf, len, "%s rolls %s.", name, dice);
    } else if (strcmp(kind, "turned") == 0) {
        int d = dir_parse(json_string_value(json_object_get(ev, "dir")));
        snprintf(buf, len, "%s turns robot %s to face %s.", name, robot, d >= 0 ? dir_words[d] : "?");
    } else if (strcmp(kind, "step") == 0) {
        size_t pushes = json_array_size(json_object_get(ev, "pushes"));
        const char *phase = json_string_value(json_object_get(ev, "phase"));
        char pushed[40] = "";
        if (pushes)
            snprintf(pushed, sizeof pushed, ", pushing %zu robot%s", pushes, pushes == 1 ? "" : "s");
        snprintf(buf, len, "%s%s steps %s%s.", phase && strcmp(phase, "automatic") == 0 ? "Automatic: " : "",
                 robot, json_string_value(json_object_get(ev, "dir")), pushed);
    } else if (strcmp(kind, "scored") == 0) {
        int goal = int_of(ev, "goal", 0);
        table_name(t, goal, name, sizeof name);
        snprintf(buf, len, "Robot %s enters %s's goal: a point for %s.", robot, owner_colour_name(t, goal), name);
    } else if (strcmp(kind, "off_board") == 0) {
        snprintf(buf, len, "Robot %s falls off the board.", robot);
    } else if (strcmp(kind, "player_out") == 0) {
        snprintf(buf, len, "%s has no robot left.", name);
    } else if (strcmp(kind, "pass") == 0) {
        snprintf(buf, len, "%s passes.", name);
    } else if (strcmp(kind, "game_over") == 0) {
        snprintf(buf, len, "Game %d is over.", int_of(ev, "game", 0));
    } else if (strcmp(kind, "game_start") == 0) {
        int first = int_of(ev, "first", 0);
        table_name(t, first, name, sizeof name);
        snprintf(buf, len, "Game %d begins; %s goes first.", int_of(ev, "game", 0), name);
    } else {
        return false; /* turn_start, phase, match_over: the frame and the board say it */
    }
    return true;
}

static int manoover_hints(void *self, table *t, game_hint *out, int max)
{
    (void)self;
    int n = 0;
#define HINT(k, w, c) do { if (n < max) out[n++] = (game_hint){k, w, c}; } while (0)
    if (my_control(t)) {
        HINT("1-8", "robot", NULL);
        HINT("Enter", "step", "step");
        HINT("w e d s a q", "turn N NE SE S SW NW", NULL);
        HINT("p p", "pass", NULL);
    }
#undef HINT
    return n;
}

static int manoover_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    const char *phase = json_string_value(json_object_get(t->view, "phase"));
    if (!phase || strcmp(phase, "control") != 0)
        return -1;
    seats[0] = int_of(t->view, "turn", 0);
    int left = 0;
    size_t i;
    const json_t *d;
    json_array_foreach(json_object_get(t->view, "dice"), i, d)
        left += !json_is_true(json_object_get(d, "used")) && json_is_true(json_object_get(d, "usable"));
    snprintf(text, len, "%d %s to use: step or turn the robots they name", left, left == 1 ? "die" : "dice");
    return 1;
}

static void manoover_refused(void *self, table *t, const char *code, const char *message)
{
    manoover *m = self;
    (void)t, (void)code, (void)message;
    m->pass_armed = false;
}

static const char *const manoover_commands[] = {
    "step N           step robot N forward (a die must name N)",
    "turn N DIR       turn robot N to face DIR: N NE SE S SW NW",
    "pass             end your control phase, leaving dice unused",
    "select N         pick robot N for the keys",
    NULL,
};

const game_ui manoover_ui = {
    .id = "manoover",
    .size = sizeof(manoover),
    .commands_help = manoover_commands,
    .update = manoover_update,
    .draw = manoover_draw,
    .key = manoover_key,
    .command = manoover_command,
    .hints = manoover_hints,
    .status = manoover_status,
    .describe = manoover_describe,
    .refused = manoover_refused,
};
