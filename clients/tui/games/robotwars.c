/*
 * robotwars.c: Robot Wars in the terminal.
 *
 * The war zone (columns A..L, rows 1..12) with each robot as an arrow of its
 * facing in its seat's colour, the hazards as letters (C corner patrol zone,
 * ^ spikes, * saw, ~ flame grill, the pit as o, # once open). Beside it the
 * battle (title, round, whose turn with the moves and turns left), every
 * robot of the battle (capabilities, damage, the next damage roll, out or
 * not) and the bracket (every battle, who won, how).
 *
 * In the set-up, the disc allocation: up/down pick a capability, left/right
 * (or - and +) take a disc off or put one on, s p m put one on Speed, Power
 * or Manoeuvrability, Backspace clears, Enter sends. On your turn: Up or w
 * steps forward, Down or b back, Left/Right turn 90°, a (or Space) attacks,
 * e ends the turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game_ui.h"

#define RW_SIZE 12
#define RW_CAPS 3

static const char *const cap_keys[RW_CAPS] = {"speed", "power", "manoeuvrability"};
static const char *const cap_names[RW_CAPS] = {"Speed", "Power", "Manoeuvrability"};

typedef struct robotwars {
    int battle;          /* the battle the allocation is for, +1 (0: none yet) */
    int add[RW_CAPS];    /* discs placed on each capability */
    int cursor;          /* the capability selected */
} robotwars;

static bool phase_is(const table *t, const char *p)
{
    return strcmp(str_of(t->view, "phase"), p) == 0;
}

static const json_t *battle(const table *t)
{
    return json_object_get(t->view, "battle");
}

static const json_t *robot_of(const table *t, int seat)
{
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(battle(t), "robots"), i, r) {
        if (int_of(r, "seat", -1) == seat)
            return r;
    }
    return NULL;
}

static const json_t *my_robot(const table *t)
{
    return t->seat >= 0 ? robot_of(t, t->seat) : NULL;
}

static int turn_seat(const table *t)
{
    return int_of(json_object_get(battle(t), "turn"), "seat", -1);
}

static bool my_turn(const table *t)
{
    return phase_is(t, "battle") && t->seat >= 0 && turn_seat(t) == t->seat;
}

static bool allocating(const table *t)
{
    const json_t *r = my_robot(t);
    return phase_is(t, "setup") && r && !json_is_true(json_object_get(r, "allocated")) && int_of(r, "discs", 0) > 0;
}

static int cap_max(const table *t, int cap)
{
    return int_of(json_object_get(json_object_get(t->view, "limits"), cap_keys[cap]), "max", 0);
}

static int cap_level(const json_t *r, int cap)
{
    return int_of(json_object_get(r, "caps"), cap_keys[cap], 0);
}

/* ---- the disc allocation ---- */

static int placed(const robotwars *w)
{
    return w->add[0] + w->add[1] + w->add[2];
}

/* Discs that can still be placed: those won, less those placed, less what
 * would push every capability past its maximum. */
static int room_left(const table *t, const robotwars *w)
{
    const json_t *r = my_robot(t);
    int room = 0;
    for (int c = 0; c < RW_CAPS; c++)
        room += cap_max(t, c) - cap_level(r, c) - w->add[c];
    int discs = int_of(r, "discs", 0) - placed(w);
    return discs < room ? discs : room;
}

static bool put_disc(robotwars *w, table *t, int cap, int delta)
{
    const json_t *r = my_robot(t);
    if (delta < 0) {
        if (w->add[cap] > 0)
            w->add[cap]--;
        return true;
    }
    if (placed(w) >= int_of(r, "discs", 0)) {
        table_notify(t, true, "All %d discs are placed: take one off first.", int_of(r, "discs", 0));
        return false;
    }
    if (cap_level(r, cap) + w->add[cap] >= cap_max(t, cap)) {
        table_notify(t, true, "%s is at its maximum, %d.", cap_names[cap], cap_max(t, cap));
        return false;
    }
    w->add[cap]++;
    return true;
}

static int send_allocation(robotwars *w, table *t)
{
    if (!allocating(t)) {
        table_notify(t, true, "Discs are placed once, before a battle you fight in.");
        return GAME_CMD_ERROR;
    }
    int left = room_left(t, w);
    if (left > 0) {
        table_notify(t, true, "Place %d more disc%s first.", left, left == 1 ? "" : "s");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s, s:i, s:i, s:i}", "kind", "allocate", "speed", w->add[0], "power", w->add[1],
               "manoeuvrability", w->add[2]);
    return GAME_CMD_DONE;
}

/* ---- moves ---- */

static int send_move(table *t, const char *kind, const char *to)
{
    if (!my_turn(t)) {
        table_notify(t, true, "Wait for your robot's turn.");
        return GAME_CMD_ERROR;
    }
    if (to)
        table_actf(t, "{s:s, s:s}", "kind", kind, "to", to);
    else
        table_actf(t, "{s:s}", "kind", kind);
    return GAME_CMD_DONE;
}

/* ---- drawing ---- */

static void draw_square(canvas c, int y, int x, char sq, bool pit_open)
{
    switch (sq) {
    case 'C': cv_text(c, y, x, CV_FG(CV_YELLOW), " C "); break;
    case 's': cv_text(c, y, x, CV_FG(CV_RED), " ^ "); break;
    case 'w': cv_text(c, y, x, CV_FG(CV_RED), " * "); break;
    case 'F': cv_text(c, y, x, CV_FG(CV_ORANGE), " ~ "); break;
    case 'P': cv_text(c, y, x, pit_open ? CV_BOLD : CV_DIM, pit_open ? " # " : " o "); break;
    default: cv_glyph_at(c, y, x + 1, CV_DIM, CV_G_DOT); break;
    }
}

static cv_glyph facing_arrow(const char *f)
{
    switch (f[0]) {
    case 'E': return CV_G_ARROW_E;
    case 'S': return CV_G_ARROW_S;
    case 'W': return CV_G_ARROW_W;
    default: return CV_G_ARROW_N;
    }
}

static void draw_zone(const table *t, canvas c, int oy, int ox)
{
    const json_t *board = json_object_get(t->view, "board");
    bool pit_open = json_is_true(json_object_get(battle(t), "pit_open"));
    for (int x = 0; x < RW_SIZE; x++)
        cv_textf(c, oy - 1, ox + x * 3 + 1, CV_DIM, "%c", 'A' + x);
    for (int y = 0; y < RW_SIZE; y++) {
        cv_textf(c, oy + y, ox - 3, CV_DIM, "%2d", y + 1);
        const char *row = json_string_value(json_array_get(board, (size_t)y));
        for (int x = 0; x < RW_SIZE; x++)
            draw_square(c, oy + y, ox + x * 3, row && (int)strlen(row) > x ? row[x] : '.', pit_open);
    }
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(battle(t), "robots"), i, r) {
        const json_t *cell = json_object_get(r, "cell");
        if (!json_is_array(cell))
            continue;
        int x = (int)json_integer_value(json_array_get(cell, 0)), y = (int)json_integer_value(json_array_get(cell, 1));
        int seat = int_of(r, "seat", 0);
        cv_style st = CV_FG(cv_seat_color(seat)) | CV_BOLD;
        if (json_is_string(json_object_get(r, "immobilised")))
            st = CV_DIM;
        if (seat == turn_seat(t))
            st |= CV_REVERSE;
        cv_glyph_at(c, oy + y, ox + x * 3, st, facing_arrow(str_of(r, "facing")));
        cv_textf(c, oy + y, ox + x * 3 + 1, st, "%d", seat + 1);
    }
}

static int draw_robot_line(const table *t, canvas p, int y, const json_t *r)
{
    char name[64];
    int seat = int_of(r, "seat", 0);
    table_name(t, seat, name, sizeof name);
    cv_seat_mark(p, y, 0, seat);
    cv_text_fit(p, y, 2, 18, seat == t->seat ? CV_BOLD : 0, name);
    const json_t *weapon = json_object_get(r, "weapon");
    cv_textf(p, y, 21, 0, "S%d P%d M%d  dmg %d", cap_level(r, 0), cap_level(r, 1), cap_level(r, 2),
             int_of(r, "damage", 0));
    y++;
    const char *out = json_string_value(json_object_get(r, "immobilised"));
    char more[160];
    snprintf(more, sizeof more, "%s %d, turns %d%s%s%s", json_string_value(json_object_get(weapon, "name"))
             ? json_string_value(json_object_get(weapon, "name")) : "weapon", int_of(weapon, "value", 0),
             int_of(r, "turns_taken", 0), out ? ", OUT: " : "", out ? out : "",
             phase_is(t, "setup") ? (json_is_true(json_object_get(r, "allocated")) ? ", discs in" : ", placing discs") : "");
    cv_text_fit(p, y++, 2, p.w - 2, out ? CV_FG(CV_RED) : CV_DIM, more);
    return y;
}

static int draw_allocation(robotwars *w, const table *t, canvas p, int y)
{
    const json_t *r = my_robot(t);
    int discs = int_of(r, "discs", 0);
    cv_textf(p, y++, 0, CV_BOLD, "Your discs: %d won, %d to place", discs, room_left(t, w));
    for (int c = 0; c < RW_CAPS; c++) {
        cv_style st = c == w->cursor ? CV_REVERSE : 0;
        cv_textf(p, y++, 1, st, "%-16s %d + %d = %d (max %d)", cap_names[c], cap_level(r, c), w->add[c],
                 cap_level(r, c) + w->add[c], cap_max(t, c));
    }
    return y;
}

static int draw_turn(const table *t, canvas p, int y)
{
    const json_t *turn = json_object_get(battle(t), "turn");
    if (!json_is_object(turn))
        return y;
    char name[64];
    table_name(t, int_of(turn, "seat", 0), name, sizeof name);
    cv_textf(p, y++, 0, my_turn(t) ? CV_BOLD : 0, "%s to move: %d move%s, %d turn%s left%s",
             my_turn(t) ? "You" : name, int_of(turn, "moves_left", 0), int_of(turn, "moves_left", 0) == 1 ? "" : "s",
             int_of(turn, "turns_left", 0), int_of(turn, "turns_left", 0) == 1 ? "" : "s",
             json_is_true(json_object_get(turn, "final_turn_only")) ? " (a turn ends it)" : "");
    if (!my_turn(t))
        return y;
    const json_t *legal = json_object_get(battle(t), "legal");
    const json_t *atk = json_object_get(legal, "attack");
    char line[160];
    snprintf(line, sizeof line, "forward %s, back %s, attack %s", json_is_object(json_object_get(legal, "forward")) ? "yes" : "no",
             json_is_object(json_object_get(legal, "back")) ? "yes" : "no",
             json_is_object(atk) ? "yes" : "no");
    cv_text_fit(p, y++, 1, p.w - 1, CV_DIM, line);
    return y;
}

static int draw_bracket(const table *t, canvas p, int y)
{
    const json_t *bracket = json_object_get(t->view, "bracket");
    size_t i, j;
    const json_t *stage, *b;
    cv_text(p, y++, 0, CV_BOLD, strcmp(str_of(bracket, "format"), "match") == 0 ? "The match" : "The bracket");
    json_array_foreach(json_object_get(bracket, "stages"), i, stage) {
        json_array_foreach(json_object_get(stage, "battles"), j, b) {
            if (y >= p.h)
                return y;
            char line[200], who[120] = "";
            size_t k;
            const json_t *s;
            json_array_foreach(json_object_get(b, "seats"), k, s) {
                char name[40] = "?";
                if (json_is_integer(s))
                    table_name(t, (int)json_integer_value(s), name, sizeof name);
                size_t n = strlen(who);
                snprintf(who + n, sizeof who - n, "%s%s", k ? " v " : "", name);
            }
            const char *status = str_of(b, "status");
            if (strcmp(status, "done") == 0) {
                char out[40] = "";
                table_name(t, int_of(b, "eliminated", 0), out, sizeof out);
                snprintf(line, sizeof line, "%s: %s; %s out (%s)", str_of(b, "title"), who, out, str_of(b, "how"));
            } else {
                snprintf(line, sizeof line, "%s: %s; %s", str_of(b, "title"), who, status);
            }
            cv_text_fit(p, y++, 1, p.w - 1, strcmp(status, "done") == 0 ? CV_DIM : 0, line);
        }
    }
    return y;
}

static void robotwars_draw(void *self, table *t, canvas c)
{
    robotwars *w = self;
    int oy = 1, ox = 4;
    draw_zone(t, c, oy, ox);
    cv_text_fit(c, oy + RW_SIZE, 1, ox + RW_SIZE * 3, CV_DIM, "C house  ^ spikes  * saw  ~ flame  o pit");
    int px = ox + RW_SIZE * 3 + 2;
    canvas p = cv_sub(c, 0, px, c.h, c.w - px);
    const json_t *b = battle(t);
    int y = 0;
    if (phase_is(t, "over")) {
        char sum[200];
        table_humanize(t, str_of(json_object_get(t->view, "result"), "summary"), sum, sizeof sum);
        cv_text_fit(p, y++, 0, p.w, CV_BOLD, sum);
    }
    cv_textf(p, y++, 0, CV_BOLD, "%s%s%s", str_of(b, "title"), phase_is(t, "setup") ? ": set-up" : "",
             json_is_true(json_object_get(b, "pit_open")) ? ", the pit is open" : "");
    if (phase_is(t, "battle"))
        cv_textf(p, y++, 0, 0, "Round %d of %d", int_of(b, "round", 0), int_of(t->view, "turn_limit", 0));
    y = draw_turn(t, p, y);
    if (allocating(t))
        y = draw_allocation(w, t, p, y);
    y++;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(b, "robots"), i, r) {
        if (y + 1 < p.h)
            y = draw_robot_line(t, p, y, r);
    }
    if (y + 2 < p.h)
        draw_bracket(t, p, y + 1);
}

/* ---- keys and commands ---- */

static bool allocation_key(robotwars *w, table *t, int key)
{
    switch (key) {
    case K_UP: w->cursor = (w->cursor + RW_CAPS - 1) % RW_CAPS; return true;
    case K_DOWN: w->cursor = (w->cursor + 1) % RW_CAPS; return true;
    case K_LEFT: case '-': put_disc(w, t, w->cursor, -1); return true;
    case K_RIGHT: case '+': put_disc(w, t, w->cursor, 1); return true;
    case 's': put_disc(w, t, 0, 1); return true;
    case 'p': put_disc(w, t, 1, 1); return true;
    case 'm': put_disc(w, t, 2, 1); return true;
    case K_BACKSPACE: memset(w->add, 0, sizeof w->add); return true;
    case K_ENTER: send_allocation(w, t); return true;
    default: return false;
    }
}

static bool robotwars_key(void *self, table *t, int key)
{
    robotwars *w = self;
    if (allocating(t))
        return allocation_key(w, t, key);
    if (!my_turn(t))
        return false;
    switch (key) {
    case K_UP: case 'w': send_move(t, "forward", NULL); return true;
    case K_DOWN: case 'b': send_move(t, "back", NULL); return true;
    case K_LEFT: send_move(t, "turn", "left"); return true;
    case K_RIGHT: send_move(t, "turn", "right"); return true;
    case 'a': case ' ': send_move(t, "attack", NULL); return true;
    case 'e': send_move(t, "end", NULL); return true;
    default: return false;
    }
}

static int robotwars_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    robotwars *w = self;
    (void)rest;
    const char *cmd = argv[0];
    if (strcasecmp(cmd, "allocate") == 0) {
        if (argc == 1)
            return send_allocation(w, t);
        if (argc != 4) {
            table_notify(t, true, "Use: allocate SPEED POWER MANOEUVRABILITY (discs on each), such as allocate 2 1 0.");
            return GAME_CMD_ERROR;
        }
        if (!allocating(t)) {
            table_notify(t, true, "Discs are placed once, before a battle you fight in.");
            return GAME_CMD_ERROR;
        }
        table_actf(t, "{s:s, s:i, s:i, s:i}", "kind", "allocate", "speed", atoi(argv[1]), "power", atoi(argv[2]),
                   "manoeuvrability", atoi(argv[3]));
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "forward") == 0 || strcasecmp(cmd, "back") == 0 || strcasecmp(cmd, "attack") == 0 ||
        strcasecmp(cmd, "end") == 0)
        return send_move(t, strcasecmp(cmd, "forward") == 0 ? "forward" : strcasecmp(cmd, "back") == 0 ? "back"
                            : strcasecmp(cmd, "attack") == 0 ? "attack" : "end", NULL);
    if (strcasecmp(cmd, "left") == 0 || strcasecmp(cmd, "right") == 0)
        return send_move(t, "turn", strcasecmp(cmd, "left") == 0 ? "left" : "right");
    return GAME_CMD_UNKNOWN;
}

static void robotwars_update(void *self, table *t)
{
    robotwars *w = self;
    int index = int_of(battle(t), "index", -1) + 1;
    if (w->battle != index) {
        w->battle = index;
        memset(w->add, 0, sizeof w->add);
    }
}

static bool robotwars_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[64] = "", other[64] = "";
    if (!kind)
        return false;
    if (int_of(ev, "seat", -1) >= 0)
        table_name(t, int_of(ev, "seat", 0), name, sizeof name);
    if (int_of(ev, "target", -1) >= 0)
        table_name(t, int_of(ev, "target", 0), other, sizeof other);
    if (strcmp(kind, "setup") == 0)
        snprintf(buf, len, "%s: place your discs.", str_of(ev, "title"));
    else if (strcmp(kind, "allocated") == 0)
        snprintf(buf, len, "%s has placed their discs.", name);
    else if (strcmp(kind, "allocation_default") == 0)
        snprintf(buf, len, "%s ran out of time: their discs were placed for them.", name);
    else if (strcmp(kind, "turn_start") == 0)
        snprintf(buf, len, "Round %d: %s's turn (%d moves, %d turns).", int_of(ev, "round", 0), name,
                 int_of(ev, "moves", 0), int_of(ev, "turns", 0));
    else if (strcmp(kind, "step") == 0)
        snprintf(buf, len, "%s steps %s.", name, str_of(ev, "move"));
    else if (strcmp(kind, "turned") == 0)
        snprintf(buf, len, "%s turns %s, now facing %s.", name, str_of(ev, "to"), str_of(ev, "facing"));
    else if (strcmp(kind, "push") == 0)
        snprintf(buf, len, "%s is pushed %s.", name, str_of(ev, "dir"));
    else if (strcmp(kind, "blocked") == 0)
        snprintf(buf, len, "%s's push is blocked by a %s.", name, str_of(ev, "by"));
    else if (strcmp(kind, "attack") == 0)
        snprintf(buf, len, "%s hits %s for %d (damage %d).", name, other, int_of(ev, "points", 0),
                 int_of(ev, "damage", 0));
    else if (strcmp(kind, "penalty") == 0)
        snprintf(buf, len, "%s takes %d on the %s (damage %d).", name, int_of(ev, "points", 0), str_of(ev, "hazard"),
                 int_of(ev, "damage", 0));
    else if (strcmp(kind, "pit_open") == 0)
        snprintf(buf, len, "The pit opens.");
    else if (strcmp(kind, "battle_over") == 0) {
        char out[64];
        table_name(t, int_of(ev, "eliminated", 0), out, sizeof out);
        snprintf(buf, len, "%s is over: %s is out (%s).", str_of(ev, "title"), out, str_of(ev, "how"));
    } else
        return false;
    return true;
}

static int robotwars_hints(void *self, table *t, game_hint *out, int max)
{
    (void)self;
    int n = 0;
#define HINT(k, wh, c) do { if (n < max) out[n++] = (game_hint){k, wh, c}; } while (0)
    if (allocating(t)) {
        HINT("up/down", "capability", NULL);
        HINT("left/right", "disc -/+", NULL);
        HINT("s/p/m", "disc on", NULL);
        HINT("Bksp", "clear", NULL);
        HINT("Enter", "send", "allocate");
    } else if (my_turn(t)) {
        HINT("Up/w", "forward", "forward");
        HINT("Down/b", "back", "back");
        HINT("Left/Right", "turn", NULL);
        HINT("a", "attack", "attack");
        HINT("e", "end turn", "end");
    }
#undef HINT
    return n;
}

static int robotwars_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    if (phase_is(t, "battle")) {
        if (turn_seat(t) < 0)
            return -1;
        seats[0] = turn_seat(t);
        snprintf(text, len, "%s", my_turn(t) ? "move, turn or attack; e ends the turn" : "their robot's turn");
        return 1;
    }
    if (!phase_is(t, "setup"))
        return -1;
    int n = 0;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(battle(t), "robots"), i, r) {
        if (!json_is_true(json_object_get(r, "allocated")) && int_of(r, "discs", 0) > 0 && n < 8)
            seats[n++] = int_of(r, "seat", 0);
    }
    snprintf(text, len, "place the discs");
    return n;
}

static const char *const robotwars_commands[] = {
    "allocate S P M        place discs: allocate 2 1 0 (Speed, Power, Manoeuvrability)",
    "allocate              send the allocation on screen",
    "forward | back        step (pushes a robot in the way)",
    "left | right          turn 90 degrees",
    "attack                hit the robot at your front",
    "end                   end your turn",
    NULL,
};

const game_ui robotwars_ui = {
    .id = "robotwars",
    .size = sizeof(robotwars),
    .commands_help = robotwars_commands,
    .update = robotwars_update,
    .draw = robotwars_draw,
    .key = robotwars_key,
    .command = robotwars_command,
    .hints = robotwars_hints,
    .status = robotwars_status,
    .describe = robotwars_describe,
};
