/* boxing_view.c: what each audience sees of a game of Robot boxing, and
 * its result; above the game, reading its state. Secrets (a layout, the
 * orders in for a turn, the working parts they reveal) go only to their
 * own seat until the game is over, then to everyone; a replay
 * (GAME_SEAT_REPLAY) shows them all along. */
#include "boxing_view.h"

#include "boxing_game.h"
#include "boxing_json.h"
#include "boxing_rules.h"
#include "boxing_state.h"

static const char *const phase_names[] = {"layout", "orders", "over"};

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
static json_t *working_json(const boxing_robot *r)
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
    const boxing_robot *r = &g->r[s];
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

json_t *boxing_view(const game *g, int seat)
{
    bool over = g->phase == BOXING_PHASE_OVER;
    bool all = over || seat == GAME_SEAT_REPLAY;
    json_t *robots = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(robots, view_robot(g, s, all || s == seat));
    json_t *v = json_pack("{s:s, s:i, s:i, s:i, s:b, s:i, s:o, s:o, s:o, s:O}", "phase",
                          phase_names[g->phase], "turn", g->turn, "turn_limit", g->turn_limit,
                          "size", g->size, "free_centre", g->free_centre, "seats", g->seats,
                          "deadline", over ? json_null() : json_integer(g->deadline), "you",
                          seat >= 0 && seat < g->seats ? json_integer(seat) : json_null(), "robots",
                          robots, "last", g->last ? g->last : json_null());
    if (over)
        json_object_set_new(v, "result", boxing_result(g));
    if (seat == GAME_SEAT_REPLAY)
        json_object_set_new(v, "replay", json_true());
    return v;
}

json_t *boxing_result(const game *g)
{
    json_t *scores = json_array(), *out = json_array();
    for (int s = 0; s < g->seats; s++) {
        const boxing_robot *r = &g->r[s];
        json_array_append_new(scores, json_integer(r->parts_destroyed));
        json_array_append_new(out, r->out ? json_pack("{s:i, s:s}", "turn", r->out_turn, "why",
                                                      boxing_out_names[r->out_why])
                                          : json_null());
    }
    char summary[160] = "The fight goes on";
    if (g->phase == BOXING_PHASE_OVER)
        boxing_summary(g, summary, sizeof summary);
    return json_pack("{s:o, s:o, s:o, s:s, s:i, s:o, s:s}", "winners", boxing_seats_json(g->winners),
                     "drawn", boxing_seats_json(g->drawn), "scores", scores, "reason",
                     g->by_turn_limit ? "turn_limit" : "knockout", "turns", g->nrecords, "out", out,
                     "summary", summary);
}
