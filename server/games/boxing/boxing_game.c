/*
 * boxing_game.c: the flow of a game of Robot boxing: phases, deadlines,
 * resolution, the secrets it keeps, and what bots may read of it.
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
#include "boxing_game.h"

#include <stdlib.h>
#include <string.h>

#include "boxing_json.h"
#include "boxing_rules.h"
#include "boxing_state.h"

static const char *const stop_names[] = {"", "same_cell", "swap", "occupied"};

/* ---- create and destroy ---- */

static int option_int(const json_t *options, const char *name)
{
    return (int)json_integer_value(json_object_get(options, name));
}

static void place_start(game *g)
{
    int n = g->size - 1;
    const int corners[4] = {0, n, n * g->size + n, n * g->size}; /* NW NE SE SW, clockwise */
    int first = (int)rng_below(&g->dice, 4);
    for (int s = 0; s < g->seats; s++)
        g->r[s].cell = corners[(first + boxing_start_corner[s]) % 4];
}

game *boxing_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
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

void boxing_destroy(game *g)
{
    if (!g)
        return;
    json_decref(g->last);
    free(g->records);
    free(g);
}

/* A deep copy for a bot's worker thread: the record is copied, and so is
 * the last event, since jansson values are not safe to share across threads. */
game *boxing_clone(const game *g)
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

void boxing_summary(const game *g, char *buf, size_t len)
{
    char names[64];
    if (g->winners) {
        int w = __builtin_ctz(g->winners);
        if (g->seats == 2) {
            const boxing_robot *loser = &g->r[1 - w];
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
    boxing_summary(g, summary, sizeof summary);
    json_array_append_new(events, json_pack("{s:s, s:o, s:o, s:s, s:s}", "kind", "over",
                                            "winners", boxing_seats_json(g->winners), "drawn",
                                            boxing_seats_json(g->drawn), "reason",
                                            g->by_turn_limit ? "turn_limit" : "knockout",
                                            "summary", summary));
}

/* ---- resolution ---- */

static void record_start(game *g, boxing_record *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->turn = g->turn;
    for (int s = 0; s < g->seats; s++) {
        boxing_robot *r = &g->r[s];
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
        const boxing_robot *r = &g->r[s];
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
        boxing_robot *r = &g->r[s];
        r->destroyed |= damage[s];
        json_array_append_new(destroyed, boxing_letters_json(damage[s]));
        int why = r->out ? 0 : boxing_knocked_out(&r->layout, r->destroyed);
        if (!why)
            continue;
        r->out = true;
        r->out_turn = g->turn;
        r->out_why = why;
        knocked_now |= (uint8_t)(1u << s);
        json_array_append_new(knocked, json_pack("{s:i, s:s}", "seat", s, "why", boxing_out_names[why]));
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
    boxing_robot *r = &g->r[seat];
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
    boxing_robot *r = &g->r[seat];
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

int boxing_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
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

void boxing_tick(game *g, int64_t now_ms, json_t *events)
{
    if (g->phase == BOXING_PHASE_OVER || now_ms < g->deadline)
        return;
    if (g->phase == BOXING_PHASE_LAYOUT) {
        for (int s = 0; s < g->seats; s++) {
            boxing_robot *r = &g->r[s];
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

int64_t boxing_deadline(const game *g)
{
    return g->phase == BOXING_PHASE_OVER ? GAME_NO_DEADLINE : g->deadline;
}

bool boxing_over(const game *g)
{
    return g->phase == BOXING_PHASE_OVER;
}

/* ---- what bots read, and a hook for tests ---- */

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
