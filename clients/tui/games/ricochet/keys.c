/*
 * keys.c: digits bid (the command line opens with "bid 7"), t starts the
 * timer; the demonstrator picks a robot with r g b y s (or 1-5) and moves it
 * with the arrow keys or h j k l, x twice gives up; p replays the best
 * solution. Each has its word command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ricochet.h"

const char *const rr_commands[] = {
    "bid N             bid N moves (a lower bid replaces yours)",
    "timer             start the sand timer when nobody has bid for a while",
    "move ROBOT DIR    move a robot: move red N (N E S W; the demonstrator)",
    "select ROBOT      choose the robot the arrow keys move",
    "giveup            give up your demonstration",
    "replay            show the last round's best solution on the board",
    NULL,
};

const char rr_give_up_prompt[] = "Press x again to give up this demonstration.";

static int bid(table *t, const char *word)
{
    char *end;
    long n = strtol(word, &end, 10);
    if (*end || n < 1 || n > 99) {
        table_notify(t, true, "A bid is a number of moves from 1 to 99.");
        return GAME_CMD_ERROR;
    }
    if (!rr_can_bid(t)) {
        table_notify(t, true, t->seat < 0 ? "Spectators do not bid." : "Bids are taken while a chip is up, before the demonstrations.");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s, s:i}", "kind", "bid", "moves", (int)n);
    return GAME_CMD_DONE;
}

static int move(ricochet *r, table *t, int robot, int d)
{
    if (!rr_i_demonstrate(t)) {
        table_notify(t, true, "Only the player showing a solution moves the robots.");
        return GAME_CMD_ERROR;
    }
    if (robot < 0 || robot >= r->b.nrobots) {
        table_notify(t, true, "There is no such robot on this board.");
        return GAME_CMD_ERROR;
    }
    r->selected = robot;
    table_actf(t, "{s:s, s:s, s:s}", "kind", "move", "robot", rr_robot_names[robot], "dir", kit_dir_name(kit_side_dir(d)));
    return GAME_CMD_DONE;
}

int rr_command(void *self, table *t, int argc, char **argv, const char *rest)
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
        int robot = argc >= 2 ? rr_robot_parse(argv[1]) : -1, d = argc >= 3 ? rr_dir_parse(argv[2]) : -1;
        if (argc == 2 && robot < 0)
            robot = r->selected, d = rr_dir_parse(argv[1]);
        if (robot < 0 || d < 0) {
            table_notify(t, true, "Use: move ROBOT DIR, such as move red N (robots red green blue yellow silver; N E S W).");
            return GAME_CMD_ERROR;
        }
        return move(r, t, robot, d);
    }
    if (strcasecmp(w, "select") == 0) {
        int robot = argc == 2 ? rr_robot_parse(argv[1]) : -1;
        if (robot < 0 || robot >= r->b.nrobots) {
            table_notify(t, true, "Use: select ROBOT (red, green, blue, yellow or silver).");
            return GAME_CMD_ERROR;
        }
        r->selected = robot;
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "giveup") == 0 || strcasecmp(w, "give-up") == 0) {
        if (!rr_i_demonstrate(t)) {
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

bool rr_key(void *self, table *t, int key)
{
    ricochet *r = self;
    if (rr_can_bid(t) && key >= '1' && key <= '9') {
        char text[16];
        snprintf(text, sizeof text, "bid %c", key);
        table_prompt(t, text);
        return true;
    }
    if (rr_can_bid(t) && key == 'b') {
        table_prompt(t, "bid ");
        return true;
    }
    if (kit_phase_is(t, "bidding") && key == 't' && t->seat >= 0) {
        table_actf(t, "{s:s}", "kind", "start_timer");
        return true;
    }
    if (key == 'p' && json_is_object(json_object_get(t->view, "last_round"))) {
        char *argv[] = {"replay", NULL};
        rr_command(self, t, 1, argv, "");
        return true;
    }
    if (!rr_i_demonstrate(t))
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
            table_notify(t, false, "%s", rr_give_up_prompt);
        }
        return true;
    default: return false;
    }
    move(r, t, r->selected, d);
    return true;
}

int rr_hints(void *self, table *t, game_hint *out, int max)
{
    ricochet *r = self;
    kit_hints h = {out, 0, max};
    if (rr_can_bid(t)) {
        kit_hint(&h, "1-9", "bid", ":bid ");
        if (rr_may_start_timer(t))
            kit_hint(&h, "t", "start timer", "timer");
    }
    if (rr_i_demonstrate(t)) {
        snprintf(r->hint_text, sizeof r->hint_text, "robot (%s)", rr_robot_names[r->selected % RR_ROBOTS]);
        kit_hint(&h, "r g b y s", r->hint_text, NULL);
        kit_hint(&h, "arrows/hjkl", "move", NULL);
        kit_hint(&h, "x x", "give up", NULL);
    }
    if (json_is_object(json_object_get(t->view, "last_round")))
        kit_hint(&h, "p", "best solution", "replay");
    return h.n;
}

int rr_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    if (kit_phase_is(t, "bidding")) {
        /* a watcher reads what the players do, not the keys, beside
         * "Waiting for Ada and Bot (normal)" (which leaves no room for both) */
        bool sand = json_is_object(json_object_get(t->view, "timer"));
        if (t->seat < 0)
            snprintf(text, len, "%s", sand ? "bidding before the sand runs out" : "looking for a solution to bid");
        else
            snprintf(text, len, "%s", sand ? "bid before the sand runs out (type the number)"
                                           : "find a solution and bid its moves (type the number)");
        int n = table_seats(t);
        for (int s = 0; s < n && s < 8; s++)
            seats[s] = s;
        return n < 8 ? n : 8;
    }
    if (kit_phase_is(t, "demonstration")) {
        /* the keys only to the one who shows; others read whose turn it is
         * (the keys beside "Waiting for Bot 2" did not fit 80 columns) */
        seats[0] = rr_demonstrator(t);
        int moves = int_of(t->view, "bid_to_beat", 0);
        if (rr_i_demonstrate(t))
            snprintf(text, len, "show your %d-move solution: pick a robot, arrows move it", moves);
        else
            snprintf(text, len, "showing a solution in %d moves", moves);
        return 1;
    }
    if (kit_phase_is(t, "round_over")) {
        snprintf(text, len, "%s", json_is_true(json_object_get(t->view, "waiting_for_solver"))
                                      ? "The round is over; the solver is still looking for the best solution."
                                      : "The round is over: p shows the best solution.");
        return -1;
    }
    return -1;
}

/* Before the sand runs the state's deadline is when it starts by itself:
 * no one's limit (the panel says when, in words), as in the browser. */
bool rr_countdown(void *self, table *t)
{
    (void)self;
    return !kit_phase_is(t, "bidding") || json_is_object(json_object_get(t->view, "timer"));
}

/* A failed demonstration hands over to the next bidder: a moment of its own. */
void rr_moment(void *self, table *t, char *buf, size_t len)
{
    (void)self;
    table_moment(t, buf, len);
    size_t n = strlen(buf);
    snprintf(buf + n, len - n, "%d;%d", int_of(t->view, "attempt", 0), rr_demonstrator(t));
}

void rr_refused(void *self, table *t, const char *code, const char *message)
{
    ricochet *r = self;
    (void)t, (void)code, (void)message;
    r->give_up_armed = false;
}
