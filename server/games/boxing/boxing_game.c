/*
 * boxing_game.c: the Robot boxing game: phases, deadlines, resolution, views.
 *
 * Two to four seats; the options are the table below. The wire formats
 * (options, actions, view, events, result) are in protocol/PROTOCOL.md,
 * section "boxing: Robot boxing".
 *
 * Start. Seats 0 and 1 take opposite corners, drawn at random from the
 * game's open seed; seats 2 and 3 take the other two corners (0 and 1
 * opposite, 2 and 3 opposite, clockwise 0, 2, 1, 3).
 *
 * Phases. "layout": each seat sends its layout once; when all are in, or at
 * the layout deadline (layout_s after the start), the fight begins; a seat
 * still without a layout then gets a random valid one, drawn from the
 * secret stream (event layout_assigned).
 * "orders": each robot still fighting sends orders for the turn; it may
 * replace them until the turn resolves, which happens as soon as every robot
 * has orders in, or at the deadline (order_s after the turn began), missing
 * orders counting as standing still with guns quiet. "over": at the first
 * knockout that leaves at most one robot fighting, or after turn_limit turns.
 * An action at or after a running deadline is refused ("too late"); the tick
 * then settles the turn.
 *
 * More than two robots: every shot names its target_robot and can hit only
 * that robot. A robot knocked out leaves the ring at once (its cell frees for
 * the next turn); it sends no more orders and cannot be targeted. The last
 * robot fighting wins; robots knocked out together with no one left draw.
 */
#include "boxing.h"

#include <stdlib.h>
#include <string.h>

typedef struct robot {
    int cell;
    bool laid_out;
    bool random_layout;
    boxing_layout layout; /* secret until the game is over */
    uint16_t destroyed;   /* public: letters hit */
    bool out;
    int out_turn;
    int out_why;
    bool ordered;
    boxing_orders orders; /* secret until the turn resolves */
    int parts_destroyed;  /* enemy parts this robot destroyed: its score */
} robot;

struct game {
    int size, seats, turn_limit;
    bool free_centre;
    int64_t order_ms, layout_ms;
    rng dice;   /* the open stream: the starting corners */
    rng secret; /* the secret stream: layouts drawn at the set-up deadline */
    boxing_phase phase;
    int turn;
    int64_t deadline;
    robot r[BOXING_MAX_SEATS];
    boxing_record *records; /* turn_limit of them */
    int nrecords;
    json_t *last;           /* the last "resolved" event */
    uint8_t winners, drawn; /* seat masks, once over */
    bool by_turn_limit;
};

static const char *const phase_names[] = {"layout", "orders", "over"};
static const char *const stop_names[] = {"", "same_cell", "swap", "occupied"};
static const char *const out_names[] = {"", "lasers", "engines", "both"};

/* ---- options ---- */

static const game_option boxing_options[] = {
    {"size", GAME_OPTION_INT, "Ring size", "Cells on each side of the square ring.", 8, 6, 16,
     NULL, NULL},
    {"order_s", GAME_OPTION_INT, "Seconds for orders",
     "Time to write each turn's orders; a robot without orders then stands still and holds its "
     "fire.",
     90, 2, 3600, NULL, NULL},
    {"layout_s", GAME_OPTION_INT, "Seconds for the layout",
     "Time to lay out your robot before the fight; a robot without a layout then gets a random "
     "one.",
     180, 2, 3600, NULL, NULL},
    {"turn_limit", GAME_OPTION_INT, "Turn limit",
     "The fight is a draw if no one is knocked out after this many turns.", 40, 1, 200, NULL, NULL},
    {"free_centre", GAME_OPTION_BOOL, "Free centre",
     "Any part may take the centre slot and the booster may go anywhere. A centre engine or "
     "laser adds power but faces no direction.",
     0, 0, 0, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

static int option_int(const json_t *options, const char *name)
{
    return (int)json_integer_value(json_object_get(options, name));
}

/* ---- create and destroy ---- */

static void place_start(game *g)
{
    int n = g->size - 1;
    const int corners[4] = {0, n, n * g->size + n, n * g->size}; /* NW NE SE SW, clockwise */
    int first = (int)rng_below(&g->dice, 4);
    for (int s = 0; s < g->seats; s++)
        g->r[s].cell = corners[(first + boxing_start_corner[s]) % 4];
}

static game *boxing_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    if (seats < 2 || seats > BOXING_MAX_SEATS) {
        game_fail(err, "bad_options", "Robot boxing needs two to four robots, not %d", seats);
        return NULL;
    }
    game *g = calloc(1, sizeof *g);
    if (!g) {
        game_fail(err, "bad_options", "out of memory");
        return NULL;
    }
    g->size = option_int(options, "size");
    g->order_ms = (int64_t)option_int(options, "order_s") * 1000;
    g->layout_ms = (int64_t)option_int(options, "layout_s") * 1000;
    g->turn_limit = option_int(options, "turn_limit");
    g->free_centre = json_is_true(json_object_get(options, "free_centre"));
    g->seats = seats;
    g->records = calloc((size_t)g->turn_limit, sizeof *g->records);
    if (!g->records || g->size < BOXING_MIN_SIZE || g->size > BOXING_MAX_SIZE || g->turn_limit < 1) {
        free(g->records);
        free(g);
        game_fail(err, "bad_options", "the ring is 6 to 16 cells wide and the fight lasts a turn or more");
        return NULL;
    }
    rng_seed(&g->dice, seeds.seed);
    rng_seed(&g->secret, seeds.secret);
    place_start(g);
    g->phase = BOXING_PHASE_LAYOUT;
    g->deadline = g->layout_ms;
    return g;
}

static void boxing_destroy(game *g)
{
    if (!g)
        return;
    json_decref(g->last);
    free(g->records);
    free(g);
}

/* A deep copy for a bot's worker thread: the record is copied, and so is
 * the last event, since jansson values are not safe to share across threads. */
static game *boxing_clone(const game *g)
{
    game *copy = malloc(sizeof *copy);
    if (!copy)
        return NULL;
    *copy = *g;
    copy->records = malloc((size_t)g->turn_limit * sizeof *copy->records);
    copy->last = g->last ? json_deep_copy(g->last) : NULL;
    if (!copy->records || (g->last && !copy->last)) {
        boxing_destroy(copy);
        return NULL;
    }
    memcpy(copy->records, g->records, (size_t)g->turn_limit * sizeof *copy->records);
    return copy;
}

/* ---- phases ---- */

static int fighting(const game *g)
{
    int n = 0;
    for (int s = 0; s < g->seats; s++)
        n += !g->r[s].out;
    return n;
}

static void open_turn(game *g, int turn, int64_t now_ms, json_t *events)
{
    g->phase = BOXING_PHASE_ORDERS;
    g->turn = turn;
    g->deadline = now_ms + g->order_ms;
    for (int s = 0; s < g->seats; s++)
        g->r[s].ordered = false;
    json_array_append_new(events, json_pack("{s:s, s:i, s:I}", "kind", "turn", "turn", turn,
                                            "deadline", (json_int_t)g->deadline));
}

static void names_list(const game *g, uint8_t mask, char *buf, size_t len)
{
    buf[0] = 0;
    int n = 0, total = __builtin_popcount(mask);
    for (int s = 0; s < g->seats; s++) {
        if (!(mask & (1u << s)))
            continue;
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", n == 0 ? "" : n == total - 1 ? " and " : ", ",
                 boxing_seat_names[s]);
        n++;
    }
}

static void summary_of(const game *g, char *buf, size_t len)
{
    char names[64];
    if (g->winners) {
        int w = __builtin_ctz(g->winners);
        if (g->seats == 2) {
            const robot *loser = &g->r[1 - w];
            snprintf(buf, len, "%s wins: %s has no working %s left", boxing_seat_names[w],
                     boxing_seat_names[1 - w],
                     loser->out_why == BOXING_OUT_LASERS ? "laser"
                     : loser->out_why == BOXING_OUT_ENGINES ? "engine" : "laser or engine");
        } else {
            snprintf(buf, len, "%s wins: the last robot fighting", boxing_seat_names[w]);
        }
        return;
    }
    names_list(g, g->drawn, names, sizeof names);
    if (g->by_turn_limit)
        snprintf(buf, len, "Draw: %s still fighting after %d turn%s", names, g->turn_limit,
                 g->turn_limit == 1 ? "" : "s");
    else
        snprintf(buf, len, "Draw: %s knocked out together", names);
}

static json_t *seats_json(uint8_t mask)
{
    json_t *a = json_array();
    for (int s = 0; s < BOXING_MAX_SEATS; s++) {
        if (mask & (1u << s))
            json_array_append_new(a, json_integer(s));
    }
    return a;
}

static void finish(game *g, uint8_t knocked_now, json_t *events)
{
    uint8_t left = 0;
    for (int s = 0; s < g->seats; s++)
        left |= (uint8_t)(!g->r[s].out << s);
    g->phase = BOXING_PHASE_OVER;
    g->deadline = GAME_NO_DEADLINE;
    if (__builtin_popcount(left) == 1)
        g->winners = left;
    else if (left)
        g->drawn = left, g->by_turn_limit = true;
    else
        g->drawn = knocked_now;
    char summary[160];
    summary_of(g, summary, sizeof summary);
    json_array_append_new(events, json_pack("{s:s, s:o, s:o, s:s, s:s}", "kind", "over",
                                            "winners", seats_json(g->winners), "drawn",
                                            seats_json(g->drawn), "reason",
                                            g->by_turn_limit ? "turn_limit" : "knockout",
                                            "summary", summary));
}

/* ---- resolution ---- */

static void record_start(game *g, boxing_record *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->turn = g->turn;
    for (int s = 0; s < g->seats; s++) {
        robot *r = &g->r[s];
        rec->present[s] = !r->out;
        rec->from[s] = rec->to[s] = r->cell;
        rec->destroyed_before[s] = r->destroyed;
        rec->fire_dir[s] = -1;
        boxing_orders_idle(&rec->orders[s]);
        if (r->out)
            continue;
        if (r->ordered)
            rec->orders[s] = r->orders;
        else
            rec->missed[s] = true;
    }
}

/* Fires every chosen laser from the robots' new cells; returns the damage
 * (letters per seat), which lands only after every shot. */
static void shoot_all(game *g, boxing_record *rec, uint16_t damage[])
{
    for (int s = 0; s < g->seats; s++) {
        const boxing_orders *o = &rec->orders[s];
        if (!rec->present[s] || o->fire < 0)
            continue;
        const robot *r = &g->r[s];
        boxing_powers p;
        boxing_powers_of(&r->layout, rec->destroyed_before[s], &p);
        int dir = boxing_slot_dir[boxing_layout_slot_of(&r->layout, o->fire)];
        int t = o->target_robot;
        int dx = g->r[t].cell % g->size - r->cell % g->size;
        int dy = g->r[t].cell / g->size - r->cell / g->size;
        rec->fire_dir[s] = (int8_t)dir;
        rec->in_wedge[s] = boxing_cone_contains(dir, dx, dy, BOXING_UNLIMITED);
        rec->hit[s] = boxing_cone_contains(dir, dx, dy, boxing_reach(&p, o->boost));
        uint16_t bit = (uint16_t)(1u << o->target);
        if (rec->hit[s] && !(rec->destroyed_before[t] & bit)) {
            rec->destroyed[s] = true;
            damage[t] |= bit;
            g->r[s].parts_destroyed++;
        }
    }
}

static json_t *moves_json(const game *g, const boxing_record *rec, const boxing_motion *m)
{
    json_t *orders = json_array(), *from = json_array(), *moves = json_array(), *stops = json_array();
    for (int s = 0; s < g->seats; s++) {
        if (!rec->present[s]) {
            json_array_append_new(orders, json_null());
            json_array_append_new(from, json_null());
            json_array_append_new(moves, json_null());
            json_array_append_new(stops, json_null());
            continue;
        }
        json_t *o = boxing_orders_to_json(&rec->orders[s]);
        json_object_set_new(o, "missed", json_boolean(rec->missed[s]));
        json_array_append_new(orders, o);
        json_array_append_new(from, boxing_cell_json(g->size, rec->from[s]));
        json_t *frames = json_array();
        for (int k = 1; k <= m->frames; k++)
            json_array_append_new(frames, boxing_cell_json(g->size, m->cell[s][k]));
        json_array_append_new(moves, frames);
        json_array_append_new(stops, m->stop_step[s]
                                         ? json_pack("{s:i, s:s}", "step", m->stop_step[s], "why",
                                                     stop_names[m->stop_why[s]])
                                         : json_null());
    }
    return json_pack("{s:s, s:i, s:o, s:o, s:o, s:o}", "kind", "resolved", "turn", rec->turn,
                     "orders", orders, "from", from, "moves", moves, "stops", stops);
}

/* A shot's cone is every ring cell in the laser's direction, to the ring's
 * edge: the reach is not shown, since it would tell how many lasers still
 * work; "in_cone" says whether the target stood in that wedge, "hit"
 * whether it was also within reach. */
static json_t *shots_json(const game *g, const boxing_record *rec)
{
    json_t *shots = json_array();
    for (int s = 0; s < g->seats; s++) {
        const boxing_orders *o = &rec->orders[s];
        if (rec->fire_dir[s] < 0)
            continue;
        int cells[BOXING_MAX_CELLS];
        int n = boxing_cone_cells(g->size, rec->fire_dir[s], rec->to[s], BOXING_UNLIMITED, cells);
        json_t *cone = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(cone, boxing_cell_json(g->size, cells[i]));
        char fire[2] = {(char)('a' + o->fire), 0}, target[2] = {(char)('a' + o->target), 0};
        json_array_append_new(shots, json_pack("{s:i, s:s, s:s, s:i, s:s, s:b, s:b, s:b, s:o}",
                                               "seat", s, "fire", fire, "direction",
                                               boxing_dirs[rec->fire_dir[s]].name, "target_robot",
                                               o->target_robot, "target", target, "in_cone",
                                               rec->in_wedge[s], "hit", rec->hit[s], "destroyed",
                                               rec->destroyed[s], "cone", cone));
    }
    return shots;
}

static void resolve(game *g, int64_t now_ms, json_t *events)
{
    boxing_record *rec = &g->records[g->nrecords++];
    record_start(g, rec);
    boxing_motion m;
    int start[BOXING_MAX_SEATS];
    for (int s = 0; s < g->seats; s++)
        start[s] = g->r[s].cell;
    boxing_move_all(g->size, g->seats, rec->present, start, rec->orders, &m);
    for (int s = 0; s < g->seats; s++) {
        if (rec->present[s])
            g->r[s].cell = rec->to[s] = m.cell[s][m.frames];
    }
    uint16_t damage[BOXING_MAX_SEATS] = {0};
    shoot_all(g, rec, damage);

    json_t *ev = moves_json(g, rec, &m);
    json_object_set_new(ev, "shots", shots_json(g, rec));
    json_t *destroyed = json_array(), *knocked = json_array();
    uint8_t knocked_now = 0;
    for (int s = 0; s < g->seats; s++) {
        robot *r = &g->r[s];
        r->destroyed |= damage[s];
        json_array_append_new(destroyed, boxing_letters_json(damage[s]));
        int why = r->out ? 0 : boxing_knocked_out(&r->layout, r->destroyed);
        if (!why)
            continue;
        r->out = true;
        r->out_turn = g->turn;
        r->out_why = why;
        knocked_now |= (uint8_t)(1u << s);
        json_array_append_new(knocked, json_pack("{s:i, s:s}", "seat", s, "why", out_names[why]));
    }
    json_object_set_new(ev, "destroyed", destroyed);
    json_object_set_new(ev, "knocked_out", knocked);
    json_decref(g->last);
    g->last = json_incref(ev);
    json_array_append_new(events, ev);

    if (fighting(g) <= 1 || g->turn >= g->turn_limit)
        finish(g, knocked_now, events);
    else
        open_turn(g, g->turn + 1, now_ms, events);
}

/* ---- actions ---- */

static int act_layout(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                      game_error *err)
{
    robot *r = &g->r[seat];
    if (g->phase != BOXING_PHASE_LAYOUT)
        return game_fail(err, "illegal", "the fight has begun: layouts are set before it");
    if (r->laid_out)
        return game_fail(err, "illegal", "your layout is already locked in");
    if (now_ms >= g->deadline)
        return game_fail(err, "illegal", "too late: the time for layouts is up");
    boxing_layout l;
    if (boxing_layout_from_json(action, g->free_centre, &l, err) < 0)
        return -1;
    r->layout = l;
    r->laid_out = true;
    json_array_append_new(events, json_pack("{s:s, s:i}", "kind", "layout_in", "seat", seat));
    for (int s = 0; s < g->seats; s++) {
        if (!g->r[s].laid_out)
            return 0;
    }
    open_turn(g, 1, now_ms, events);
    return 0;
}

/* Fills in and checks the robot an order fires at. */
static int check_target_robot(const game *g, int seat, boxing_orders *o, game_error *err)
{
    if (o->fire < 0)
        return 0;
    if (o->target_robot < 0) {
        if (g->seats > 2)
            return game_fail(err, "bad_action", "target_robot: name the seat of the robot you fire at");
        o->target_robot = (int8_t)(1 - seat);
    }
    int t = o->target_robot;
    if (t == seat)
        return game_fail(err, "illegal", "your robot cannot fire at itself");
    if (t >= g->seats)
        return game_fail(err, "illegal", "there is no robot in seat %d", t);
    if (g->r[t].out)
        return game_fail(err, "illegal", "%s is out of the fight", boxing_seat_names[t]);
    return 0;
}

static int act_orders(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                      game_error *err)
{
    robot *r = &g->r[seat];
    if (g->phase != BOXING_PHASE_ORDERS)
        return game_fail(err, "not_your_turn", "the fight begins when every robot is laid out");
    if (r->out)
        return game_fail(err, "not_your_turn", "your robot is out of the fight");
    if (now_ms >= g->deadline)
        return game_fail(err, "illegal", "too late: the orders for turn %d were due", g->turn);
    boxing_orders o;
    int turn;
    if (boxing_orders_from_json(action, &o, &turn, err) < 0)
        return -1;
    if (turn >= 0 && turn != g->turn)
        return game_fail(err, "illegal", "these orders are for turn %d but it is turn %d", turn, g->turn);
    if (check_target_robot(g, seat, &o, err) < 0 ||
        boxing_orders_check(&r->layout, r->destroyed, g->size, r->cell, &o, err) < 0)
        return -1;
    bool replaced = r->ordered;
    r->orders = o;
    r->ordered = true;
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:b}", "kind", "orders_in", "seat", seat,
                                            "turn", g->turn, "replaced", replaced));
    for (int s = 0; s < g->seats; s++) {
        if (!g->r[s].out && !g->r[s].ordered)
            return 0;
    }
    resolve(g, now_ms, events);
    return 0;
}

static int boxing_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                      game_error *err)
{
    if (!json_is_object(action))
        return game_fail(err, "bad_action", "an action is a JSON object with a kind");
    const char *kind = json_string_value(json_object_get(action, "kind"));
    bool is_layout = kind && strcmp(kind, "layout") == 0;
    bool is_orders = kind && strcmp(kind, "orders") == 0;
    if (!is_layout && !is_orders)
        return game_fail(err, "bad_action", "kind must be \"layout\" or \"orders\"");
    if (g->phase == BOXING_PHASE_OVER)
        return game_fail(err, "not_your_turn", "the fight is over");
    if (seat < 0 || seat >= g->seats)
        return game_fail(err, "not_your_turn", "only the robots' players give orders");
    return is_layout ? act_layout(g, seat, action, now_ms, events, err)
                     : act_orders(g, seat, action, now_ms, events, err);
}

static void boxing_tick(game *g, int64_t now_ms, json_t *events)
{
    if (g->phase == BOXING_PHASE_OVER || now_ms < g->deadline)
        return;
    if (g->phase == BOXING_PHASE_LAYOUT) {
        for (int s = 0; s < g->seats; s++) {
            robot *r = &g->r[s];
            if (r->laid_out)
                continue;
            boxing_layout_random(&r->layout, &g->secret);
            r->laid_out = r->random_layout = true;
            json_array_append_new(events, json_pack("{s:s, s:i}", "kind", "layout_assigned", "seat", s));
        }
        open_turn(g, 1, now_ms, events);
        return;
    }
    resolve(g, now_ms, events);
}

static int64_t boxing_deadline(const game *g)
{
    return g->phase == BOXING_PHASE_OVER ? GAME_NO_DEADLINE : g->deadline;
}

/* ---- views ---- */

/* Letters seen firing, with their directions, and directions seen moving. */
static void seen_json(const game *g, int seat, json_t *view)
{
    json_t *fired = json_object();
    uint8_t moved = 0;
    for (int i = 0; i < g->nrecords; i++) {
        const boxing_record *rec = &g->records[i];
        if (!rec->present[seat])
            continue;
        for (int k = 0; k < rec->orders[seat].steps; k++)
            moved |= (uint8_t)(1u << rec->orders[seat].path[k]);
        if (rec->fire_dir[seat] >= 0) {
            char letter[2] = {(char)('a' + rec->orders[seat].fire), 0};
            json_object_set_new(fired, letter, json_string(boxing_dirs[rec->fire_dir[seat]].name));
        }
    }
    json_t *dirs = json_array();
    for (int d = 0; d < BOXING_DIRS; d++) {
        if (moved & (1u << d))
            json_array_append_new(dirs, json_string(boxing_dirs[d].name));
    }
    json_object_set_new(view, "fired", fired);
    json_object_set_new(view, "moved", dirs);
}

/* A robot's working parts: only for its own seat, or once the game is over. */
static json_t *working_json(const robot *r)
{
    boxing_powers p;
    boxing_powers_of(&r->layout, r->destroyed, &p);
    uint16_t lasers = 0, engines = 0;
    for (int s = 0; s < BOXING_SLOTS; s++) {
        uint16_t bit = (uint16_t)(1u << r->layout.letter[s]);
        if (r->destroyed & bit)
            continue;
        if (r->layout.part[s] == BOXING_LASER)
            lasers |= bit;
        else if (r->layout.part[s] == BOXING_ENGINE)
            engines |= bit;
    }
    json_t *dirs = json_array(), *guns = json_object();
    for (int d = 0; d < BOXING_DIRS; d++) {
        if (p.dirs & (1u << d))
            json_array_append_new(dirs, json_string(boxing_dirs[d].name));
    }
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (!(p.guns & (1u << letter)))
            continue;
        char key[2] = {(char)('a' + letter), 0};
        int dir = boxing_slot_dir[boxing_layout_slot_of(&r->layout, letter)];
        json_object_set_new(guns, key, json_string(boxing_dirs[dir].name));
    }
    return json_pack("{s:o, s:o, s:b, s:o, s:o, s:i, s:i, s:i, s:i}", "lasers",
                     boxing_letters_json(lasers), "engines", boxing_letters_json(engines), "booster",
                     p.booster, "directions", dirs, "guns", guns, "steps",
                     boxing_max_steps(&p, BOXING_BOOST_NONE), "steps_boosted",
                     p.booster ? boxing_max_steps(&p, BOXING_BOOST_MOVE) : 0, "reach",
                     boxing_reach(&p, BOXING_BOOST_NONE), "reach_boosted",
                     p.booster ? boxing_reach(&p, BOXING_BOOST_SHOOT) : 0);
}

/* Public fields of every robot: seat, name, cell, out, out_turn, layout_in,
 * orders_in, random_layout, destroyed (letters hit), fired (letter →
 * direction, for letters seen firing), moved (directions seen in revealed
 * paths). The robot's own seat, and everyone once the game is over, also
 * gets layout, working (working parts, directions, steps and reach) and
 * orders (the orders in for this turn, or null). */
static json_t *view_robot(const game *g, int s, bool secrets)
{
    const robot *r = &g->r[s];
    json_t *v = json_pack("{s:i, s:s, s:o, s:b, s:o, s:b, s:b, s:b, s:o}", "seat", s, "name",
                          boxing_seat_names[s], "cell", boxing_cell_json(g->size, r->cell), "out",
                          r->out, "out_turn", r->out ? json_integer(r->out_turn) : json_null(),
                          "layout_in", r->laid_out, "orders_in",
                          g->phase == BOXING_PHASE_ORDERS && r->ordered, "random_layout",
                          r->random_layout, "destroyed", boxing_letters_json(r->destroyed));
    seen_json(g, s, v);
    if (!secrets)
        return v;
    json_object_set_new(v, "layout", r->laid_out ? boxing_layout_to_json(&r->layout) : json_null());
    json_object_set_new(v, "working", r->laid_out ? working_json(r) : json_null());
    bool pending = g->phase == BOXING_PHASE_ORDERS && r->ordered;
    json_object_set_new(v, "orders", pending ? boxing_orders_to_json(&r->orders) : json_null());
    return v;
}

static json_t *boxing_result(const game *g);

static json_t *boxing_view(const game *g, int seat)
{
    bool over = g->phase == BOXING_PHASE_OVER;
    json_t *robots = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(robots, view_robot(g, s, over || s == seat));
    json_t *v = json_pack("{s:s, s:i, s:i, s:i, s:b, s:i, s:o, s:o, s:o, s:O}", "phase",
                          phase_names[g->phase], "turn", g->turn, "turn_limit", g->turn_limit,
                          "size", g->size, "free_centre", g->free_centre, "seats", g->seats,
                          "deadline", over ? json_null() : json_integer(g->deadline), "you",
                          seat >= 0 && seat < g->seats ? json_integer(seat) : json_null(), "robots",
                          robots, "last", g->last ? g->last : json_null());
    if (over)
        json_object_set_new(v, "result", boxing_result(g));
    return v;
}

static bool boxing_over(const game *g)
{
    return g->phase == BOXING_PHASE_OVER;
}

static json_t *boxing_result(const game *g)
{
    json_t *scores = json_array(), *out = json_array();
    for (int s = 0; s < g->seats; s++) {
        const robot *r = &g->r[s];
        json_array_append_new(scores, json_integer(r->parts_destroyed));
        json_array_append_new(out, r->out ? json_pack("{s:i, s:s}", "turn", r->out_turn, "why",
                                                      out_names[r->out_why])
                                          : json_null());
    }
    char summary[160] = "The fight goes on";
    if (g->phase == BOXING_PHASE_OVER)
        summary_of(g, summary, sizeof summary);
    return json_pack("{s:o, s:o, s:o, s:s, s:i, s:o, s:s}", "winners", seats_json(g->winners),
                     "drawn", seats_json(g->drawn), "scores", scores, "reason",
                     g->by_turn_limit ? "turn_limit" : "knockout", "turns", g->nrecords, "out", out,
                     "summary", summary);
}

/* ---- the public record, for bots and tests ---- */

int boxing_seats(const game *g) { return g->seats; }
int boxing_size(const game *g) { return g->size; }
bool boxing_free_centre(const game *g) { return g->free_centre; }
boxing_phase boxing_phase_of(const game *g) { return g->phase; }
int boxing_turn(const game *g) { return g->turn; }
int boxing_cell(const game *g, int seat) { return g->r[seat].cell; }
bool boxing_alive(const game *g, int seat) { return !g->r[seat].out; }
uint16_t boxing_destroyed(const game *g, int seat) { return g->r[seat].destroyed; }
bool boxing_layout_in(const game *g, int seat) { return g->r[seat].laid_out; }
bool boxing_orders_in(const game *g, int seat)
{
    return g->phase == BOXING_PHASE_ORDERS && g->r[seat].ordered;
}
int boxing_record_count(const game *g) { return g->nrecords; }
const boxing_record *boxing_record_at(const game *g, int i) { return &g->records[i]; }

const boxing_layout *boxing_own_layout(const game *g, int seat)
{
    return g->r[seat].laid_out ? &g->r[seat].layout : NULL;
}

int boxing_place_robot(game *g, int seat, int x, int y)
{
    if (seat < 0 || seat >= g->seats || x < 0 || y < 0 || x >= g->size || y >= g->size)
        return -1;
    int cell = y * g->size + x;
    for (int s = 0; s < g->seats; s++) {
        if (s != seat && !g->r[s].out && g->r[s].cell == cell)
            return -1;
    }
    g->r[seat].cell = cell;
    return 0;
}

static json_t *bot_entry(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                         int64_t *wake_ms, const volatile int *cancel)
{
    if (seat < 0 || seat >= g->seats)
        return NULL;
    return boxing_bot(g, seat, level, now_ms, salt, wake_ms, cancel);
}

const char *const boxing_bot_levels[] = {"easy", "normal", "hard", NULL};

const game_engine boxing_engine = {
    .id = "boxing",
    .title = "Robot boxing",
    .summary = "Lay out a secret robot, then out-move and out-shoot the enemy turn by turn",
    .min_players = 2,
    .max_players = BOXING_MAX_SEATS,
    .options = boxing_options,
    .seat_range = NULL,
    .bot_levels = boxing_bot_levels,
    .create = boxing_create,
    .destroy = boxing_destroy,
    .act = boxing_act,
    .tick = boxing_tick,
    .deadline = boxing_deadline,
    .view = boxing_view,
    .over = boxing_over,
    .result = boxing_result,
    .bot = bot_entry,
    .clone = boxing_clone,
};
