/* test_game.c: the game through the engine contract: set-up, orders,
 * shooting, damage, the end, deadlines and refusals. Rule sentences of the
 * seed 004 text and RULINGS §3 name the tests. Layouts: see support.h. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Turn 1 of a duel with the robots put on (x0,y0) and (x1,y1). */
static game *duel_at(const char *options, const char *l0, const char *l1, int x0, int y0, int x1,
                     int y1)
{
    const char *layouts[2] = {l0, l1};
    game *g = bx_start(options, 2, layouts);
    int size = boxing_size(g);
    cr_assert_eq(boxing_place_robot(g, 1, size / 2, size / 2 - 1), 0);
    cr_assert_eq(boxing_place_robot(g, 0, x0, y0), 0);
    cr_assert_eq(boxing_place_robot(g, 1, x1, y1), 0);
    return g;
}

static void turn2(game *g, const char *o0, const char *o1)
{
    const char *orders[2] = {o0, o1};
    json_decref(bx_turn(g, orders));
}

static json_t *view_robot(const game *g, int seat, int robot)
{
    json_t *v = boxing_engine.view(g, seat);
    json_t *r = json_incref(json_array_get(json_object_get(v, "robots"), (size_t)robot));
    json_decref(v);
    return r;
}

static char *destroyed_of(const game *g, int robot)
{
    json_t *r = view_robot(g, -1, robot);
    char *s = strdup(json_string_value(json_object_get(r, "destroyed")));
    json_decref(r);
    return s;
}

/* Robot `robot`'s destroyed letters are `want` ("" for none). */
static void destroyed_is(const game *g, int robot, const char *want, const char *why)
{
    char *d = destroyed_of(g, robot);
    cr_assert_str_eq(d, want, "robot %d: %s", robot, why ? why : "");
    free(d);
}

/* The resolved event's moves and stops, as compact JSON texts. */
static void resolved_is(json_t *events, const char *moves, const char *stops)
{
    json_t *r = bx_event(events, "resolved");
    char *m = bx_dump(json_object_get(r, "moves")), *st = bx_dump(json_object_get(r, "stops"));
    cr_assert_str_eq(m, moves);
    cr_assert_str_eq(st, stops);
    free(m);
    free(st);
}

static void cell_is(const game *g, int seat, int x, int y)
{
    int size = boxing_size(g);
    cr_assert_eq(boxing_cell(g, seat), y * size + x, "robot %d at (%d,%d), not (%d,%d)", seat,
                 boxing_cell(g, seat) % size, boxing_cell(g, seat) / size, x, y);
}

#define IDLE "{\"kind\":\"orders\"}"

/* The shot of seat 0 in a resolved event (borrowed). */
static json_t *first_shot(json_t *events)
{
    return json_array_get(json_object_get(bx_event(events, "resolved"), "shots"), 0);
}

static const char *shot_str(const json_t *shot, const char *key)
{
    return json_string_value(json_object_get(shot, key));
}

/* ---- set-up ---- */

Test(boxing_setup, all_nine_letters_are_used_once)
{
    game *g = bx_new(NULL, 2, 1);
    bx_refused(g, 0, "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chh\"],\"lasers\":\"abcd\",\"booster\":\"i\"}",
               "illegal");
    bx_refused(g, 0, "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fjg\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"e\"}",
               "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_setup, a_robot_has_four_lasers_one_booster_and_four_engines)
{
    game *g = bx_new(NULL, 2, 1);
    bx_refused(g, 0, "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abcc\",\"booster\":\"i\"}",
               "illegal");
    bx_refused(g, 0, "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abci\",\"booster\":\"i\"}",
               "illegal");
    json_t *ev = bx_ok(g, 0, BX_CORNERS);
    json_decref(ev);
    json_t *me = view_robot(g, 0, 0);
    json_t *layout = json_object_get(me, "layout");
    cr_assert_str_eq(json_string_value(json_object_get(layout, "lasers")), "abcd");
    cr_assert_str_eq(json_string_value(json_object_get(layout, "booster")), "i");
    cr_assert_str_eq(json_string_value(json_object_get(layout, "engines")), "efgh",
                     "the remaining four slots are engines");
    json_decref(me);
    boxing_engine.destroy(g);
}

Test(boxing_setup, the_booster_is_always_placed_in_the_centre)
{
    game *g = bx_new(NULL, 2, 1);
    game_error err;
    json_t *ev;
    cr_assert_eq(bx_act(g, 0, "{\"kind\":\"layout\",\"grid\":[\"iea\",\"fbg\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"i\"}",
                        &ev, &err), -1);
    cr_assert_str_eq(err.code, "illegal");
    cr_assert(strstr(err.message, "centre"), "%s", err.message);
    json_decref(ev);
    boxing_engine.destroy(g);
}

Test(boxing_setup, free_centre_lets_any_part_take_the_centre)
{
    const char *centre_gun =
        "{\"kind\":\"layout\",\"grid\":[\"iea\",\"fbg\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"i\"}";
    const char *layouts[2] = {centre_gun, BX_CORNERS};
    game *g = bx_start("{\"free_centre\": true}", 2, layouts);
    json_t *me = view_robot(g, 0, 0);
    json_t *working = json_object_get(me, "working");
    cr_assert_eq(json_integer_value(json_object_get(working, "reach")), 4, "the centre laser adds reach");
    cr_assert_null(json_object_get(json_object_get(working, "guns"), "b"), "but faces no direction");
    json_decref(me);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"b\",\"target\":\"a\"}", "illegal");
    boxing_engine.destroy(g);
}

/* free_centre: a laser in the centre (b), the others on the corners (a NE,
 * c SW, d SE); engines on the sides (e N, f W, g E, h S); the booster i on
 * the north-west corner. */
#define CENTRE_LASER \
    "{\"kind\":\"layout\",\"grid\":[\"iea\",\"fbg\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"i\"}"
/* free_centre: an engine in the centre (g); lasers on the corners a, b, c,
 * d; engines e N, f W, h E; the booster i on the south slot. */
#define CENTRE_ENGINE \
    "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fgh\",\"cid\"],\"lasers\":\"abcd\",\"booster\":\"i\"}"

/* RULINGS §3: "A laser or engine in the centre counts toward the number of
 * working lasers or engines (range, steps) but faces no direction: a centre
 * laser cannot fire". Robot 0's NE laser a reaches 4 with four lasers, the
 * centre one included: the enemy 4 cells north-east is hit. */
Test(boxing_setup, a_centre_laser_counts_toward_the_reach_but_cannot_fire)
{
    game *g = duel_at("{\"free_centre\": true}", CENTRE_LASER, BX_CORNERS, 1, 5, 5, 1);
    json_t *me = view_robot(g, 0, 0);
    json_t *working = json_object_get(me, "working");
    cr_assert_eq(json_integer_value(json_object_get(working, "reach")), 4);
    cr_assert_eq(json_object_size(json_object_get(working, "guns")), 3, "three lasers face a way");
    json_decref(me);
    game_error err;
    json_t *ev;
    cr_assert_eq(bx_act(g, 0, "{\"kind\":\"orders\",\"fire\":\"b\",\"target\":\"a\"}", &ev, &err), -1);
    cr_assert_str_eq(err.code, "illegal");
    json_decref(ev);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"b\",\"target\":\"a\"}", "illegal");
    const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"e\"}", IDLE};
    ev = bx_turn(g, o);
    cr_assert(json_is_true(json_object_get(first_shot(ev), "hit")), "reach 4 counts the centre laser");
    json_decref(ev);
    boxing_engine.destroy(g);
}

/* ... "and a centre engine gives no step" of its own direction, while it
 * counts toward the steps: three engines face a way, four steps allowed. */
Test(boxing_setup, a_centre_engine_counts_toward_the_steps_but_gives_no_direction)
{
    game *g = duel_at("{\"free_centre\": true}", CENTRE_ENGINE, BX_CORNERS, 0, 4, 7, 0);
    json_t *me = view_robot(g, 0, 0);
    json_t *working = json_object_get(me, "working");
    cr_assert_eq(json_integer_value(json_object_get(working, "steps")), 4);
    char *dirs = bx_dump(json_object_get(working, "directions"));
    cr_assert_str_eq(dirs, "[\"N\",\"E\",\"W\"]", "no south engine: the booster is there");
    free(dirs);
    json_decref(me);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"S\"]}", "illegal");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"E\",\"E\",\"E\",\"E\",\"E\"]}", "illegal");
    turn2(g, "{\"kind\":\"orders\",\"path\":[\"E\",\"E\",\"E\",\"E\"]}", IDLE);
    cell_is(g, 0, 4, 4);
    boxing_engine.destroy(g);
}

Test(boxing_setup, the_fight_begins_when_every_robot_is_laid_out)
{
    game *g = bx_new(NULL, 2, 1);
    json_t *ev = bx_ok(g, 1, BX_SIDES);
    cr_assert_eq(boxing_phase_of(g), BOXING_PHASE_LAYOUT);
    cr_assert_not_null(bx_event(ev, "layout_in"));
    json_decref(ev);
    bx_refused(g, 1, IDLE, "not_your_turn");
    ev = bx_ok(g, 0, BX_CORNERS);
    json_t *turn = bx_event(ev, "turn");
    cr_assert_not_null(turn);
    cr_assert_eq(json_integer_value(json_object_get(turn, "turn")), 1);
    cr_assert_eq(json_integer_value(json_object_get(turn, "deadline")), bx_now + 90000);
    json_decref(ev);
    boxing_engine.destroy(g);
}

Test(boxing_setup, a_layout_is_locked_in_once)
{
    game *g = bx_new(NULL, 2, 1);
    json_decref(bx_ok(g, 0, BX_CORNERS));
    bx_refused(g, 0, BX_SIDES, "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_setup, robots_start_in_random_opposite_corners)
{
    int firsts = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        game *g = bx_new("{\"size\": 9}", 4, seed);
        int c[4];
        for (int s = 0; s < 4; s++) {
            c[s] = boxing_cell(g, s);
            cr_assert(c[s] % 9 == 0 || c[s] % 9 == 8, "a corner");
            cr_assert(c[s] / 9 == 0 || c[s] / 9 == 8, "a corner");
        }
        cr_assert_eq(c[0] + c[1], 80, "seats 0 and 1 face each other across the ring");
        cr_assert_eq(c[2] + c[3], 80, "so do seats 2 and 3");
        cr_assert_neq(c[0], c[2]);
        firsts |= 1 << (c[0] == 0 ? 0 : c[0] == 8 ? 1 : c[0] == 80 ? 2 : 3);
        boxing_engine.destroy(g);
    }
    cr_assert_eq(firsts, 0xf, "seat 0 has started in every corner");
}

Test(boxing_setup, a_missing_layout_is_drawn_at_random_at_the_deadline)
{
    game *g = bx_new("{\"layout_s\": 5}", 2, 3);
    json_decref(bx_ok(g, 0, BX_CORNERS));
    cr_assert_eq(boxing_engine.deadline(g), 5000);
    json_t *ev = json_array();
    boxing_engine.tick(g, 4999, ev);
    cr_assert_eq(json_array_size(ev), 0, "not yet");
    boxing_engine.tick(g, 5000, ev);
    json_t *assigned = bx_event(ev, "layout_assigned");
    cr_assert_not_null(assigned);
    cr_assert_eq(json_integer_value(json_object_get(assigned, "seat")), 1);
    cr_assert_eq(json_object_size(assigned), 2, "the event says whose, never what");
    cr_assert_not_null(bx_event(ev, "turn"));
    json_decref(ev);
    const boxing_layout *l = boxing_own_layout(g, 1);
    cr_assert_not_null(l);
    cr_assert_eq(boxing_layout_check(l, false, NULL), 0);
    json_t *r = view_robot(g, 0, 1);
    cr_assert(json_is_true(json_object_get(r, "random_layout")));
    cr_assert_null(json_object_get(r, "layout"));
    json_decref(r);
    boxing_engine.destroy(g);
}

/* The seed's optional rule "larger or smaller playing field": option size,
 * 8 by default (the chess board), 6 to 16. */
Test(boxing_setup, a_larger_or_smaller_ring_is_an_option_8_by_default)
{
    const char *options[3] = {NULL, "{\"size\": 6}", "{\"size\": 16}"};
    const int size[3] = {8, 6, 16};
    for (int i = 0; i < 3; i++) {
        game *g = bx_new(options[i], 2, 5);
        cr_assert_eq(boxing_size(g), size[i]);
        int a = boxing_cell(g, 0), b = boxing_cell(g, 1), n = size[i] * size[i];
        cr_assert_eq(a + b, n - 1, "opposite corners of a %dx%d ring", size[i], size[i]);
        boxing_engine.destroy(g);
    }
    game_error err;
    cr_assert_null(game_create_with(&boxing_engine, "{\"size\": 17}", 2, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
}

/* The layout a game draws for seat 1 at the set-up deadline, as JSON text. */
static char *drawn_layout(game_seeds seeds)
{
    json_t *opts = game_options_resolve(&boxing_engine, NULL, NULL);
    game *g = boxing_engine.create(opts, 2, seeds, NULL);
    json_decref(opts);
    json_t *ev = json_array();
    boxing_engine.tick(g, boxing_engine.deadline(g), ev);
    cr_assert_not_null(bx_event(ev, "layout_assigned"));
    json_decref(ev);
    json_t *l = boxing_layout_to_json(boxing_own_layout(g, 1));
    char *text = bx_dump(l);
    json_decref(l);
    boxing_engine.destroy(g);
    return text;
}

/* The drawn layout is a secret: it follows the secret stream, never the
 * seed a host may choose, and the same two streams draw it again (replays). */
Test(boxing_setup, a_layout_drawn_at_the_deadline_follows_the_secret_not_the_seed)
{
    int differ = 0;
    for (uint64_t secret = 1; secret <= 10; secret++) {
        char *a = drawn_layout((game_seeds){7, secret});
        char *b = drawn_layout((game_seeds){7, secret + 1000});
        char *again = drawn_layout((game_seeds){7, secret});
        char *other_seed = drawn_layout((game_seeds){8, secret});
        differ += strcmp(a, b) != 0;
        cr_assert_str_eq(a, again, "the same streams draw the same layout");
        cr_assert_str_eq(a, other_seed, "the open seed plays no part in it");
        free(a);
        free(b);
        free(again);
        free(other_seed);
    }
    cr_assert_geq(differ, 9, "another secret, another layout");
}

/* ---- movement through orders ---- */

Test(boxing_orders, a_robot_moves_only_where_its_working_engines_point)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 4, 7, 7);
    /* corners are lasers: no diagonal step */
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"NE\"]}", "illegal");
    /* Fred: "2 east then 2 north" with the east and north engines */
    turn2(g, "{\"kind\":\"orders\",\"path\":[\"E\",\"E\",\"N\",\"N\"]}", IDLE);
    cell_is(g, 0, 5, 2);
    boxing_engine.destroy(g);
}

Test(boxing_orders, a_robot_moves_up_to_its_engines_doubled_by_the_booster)
{
    /* Sally: a SW engine, four engines and a booster: eight steps SW; saving
     * the booster for shooting, four */
    game *g = duel_at("{\"size\": 10}", BX_SIDES, BX_CORNERS, 9, 0, 0, 0);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"SW\",\"SW\",\"SW\",\"SW\",\"SW\"],\"booster\":\"shoot\","
                     "\"fire\":\"a\",\"target\":\"a\"}", "illegal");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\"],"
                     "\"booster\":\"move\"}", "illegal");
    turn2(g, "{\"kind\":\"orders\",\"path\":[\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\",\"SW\"],"
             "\"booster\":\"move\"}", IDLE);
    cell_is(g, 0, 1, 8);
    boxing_engine.destroy(g);
}

Test(boxing_orders, a_robot_may_not_move_off_the_board)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 7, 7);
    game_error err;
    json_t *ev;
    cr_assert_eq(bx_act(g, 0, "{\"kind\":\"orders\",\"path\":[\"E\",\"N\"]}", &ev, &err), -1);
    cr_assert(strstr(err.message, "step 2"), "%s", err.message);
    json_decref(ev);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"W\"]}", "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_orders, a_destroyed_engine_no_longer_moves_the_robot_next_turn)
{
    /* robot 1 at (3,3) is in robot 0's SE cone; robot 0 destroys its north
     * engine e while robot 1 still uses it this turn */
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 4);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"e\"}", "{\"kind\":\"orders\",\"path\":[\"N\"]}");
    cell_is(g, 1, 3, 3);
    destroyed_is(g, 1, "e", NULL);
    bx_refused(g, 1, "{\"kind\":\"orders\",\"path\":[\"N\"]}", "illegal");
    json_decref(bx_ok(g, 1, "{\"kind\":\"orders\",\"path\":[\"E\",\"S\",\"W\"]}"));
    boxing_engine.destroy(g);
}

Test(boxing_orders, orders_may_be_replaced_until_the_turn_resolves)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 7, 7);
    json_t *ev = bx_ok(g, 0, "{\"kind\":\"orders\",\"path\":[\"N\"]}");
    cr_assert(json_is_false(json_object_get(bx_event(ev, "orders_in"), "replaced")));
    json_decref(ev);
    ev = bx_ok(g, 0, "{\"kind\":\"orders\",\"path\":[\"S\"]}");
    cr_assert(json_is_true(json_object_get(bx_event(ev, "orders_in"), "replaced")));
    json_decref(ev);
    ev = bx_ok(g, 1, IDLE);
    cr_assert_not_null(bx_event(ev, "resolved"));
    json_decref(ev);
    cell_is(g, 0, 3, 4);
    boxing_engine.destroy(g);
}

Test(boxing_orders, orders_for_another_turn_are_refused)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 7, 7);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"turn\":2}", "illegal");
    json_decref(bx_ok(g, 0, "{\"kind\":\"orders\",\"turn\":1}"));
    boxing_engine.destroy(g);
}

Test(boxing_orders, a_missing_order_at_the_deadline_stands_still_and_holds_fire)
{
    game *g = duel_at("{\"order_s\": 2}", BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    json_decref(bx_ok(g, 1, "{\"kind\":\"orders\",\"path\":[\"E\"]}"));
    int64_t due = boxing_engine.deadline(g);
    json_t *ev = json_array();
    boxing_engine.tick(g, due - 1, ev);
    cr_assert_eq(json_array_size(ev), 0);
    /* late orders are refused; the tick settles the turn */
    bx_now = due - 1;
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}", "illegal");
    boxing_engine.tick(g, due, ev);
    json_t *resolved = bx_event(ev, "resolved");
    cr_assert_not_null(resolved);
    json_t *mine = json_array_get(json_object_get(resolved, "orders"), 0);
    cr_assert(json_is_true(json_object_get(mine, "missed")));
    cr_assert_eq(json_array_size(json_object_get(mine, "path")), 0);
    cr_assert(json_is_null(json_object_get(mine, "fire")));
    cr_assert_eq(json_array_size(json_object_get(resolved, "shots")), 0);
    cr_assert(json_is_false(json_object_get(json_array_get(json_object_get(resolved, "orders"), 1), "missed")));
    cell_is(g, 0, 0, 0);
    cell_is(g, 1, 4, 3);
    json_t *turn = bx_event(ev, "turn");
    cr_assert_eq(json_integer_value(json_object_get(turn, "deadline")), due + 2000);
    json_decref(ev);
    boxing_engine.destroy(g);
}

Test(boxing_orders, the_resolution_records_every_step_of_both_robots)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 1, 2, 5, 2);
    const char *o[2] = {"{\"kind\":\"orders\",\"path\":[\"E\",\"E\",\"E\"]}", "{\"kind\":\"orders\",\"path\":[\"W\",\"W\"]}"};
    json_t *ev = bx_turn(g, o);
    resolved_is(ev, "[[[2,2],[2,2],[2,2]],[[4,2],[4,2],[4,2]]]",
                "[{\"step\":2,\"why\":\"same_cell\"},{\"step\":2,\"why\":\"same_cell\"}]");
    json_decref(ev);
    boxing_engine.destroy(g);
}

Test(boxing_orders, orders_are_written_secretly_and_revealed_together)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 6, 6);
    json_decref(bx_ok(g, 0, "{\"kind\":\"orders\",\"path\":[\"N\"],\"fire\":\"b\",\"target\":\"c\"}"));
    json_t *seen = view_robot(g, 1, 0);
    cr_assert(json_is_true(json_object_get(seen, "orders_in")), "that orders are in is public");
    cr_assert_null(json_object_get(seen, "orders"), "what they say is not");
    json_decref(seen);
    json_t *mine = view_robot(g, 0, 0);
    cr_assert(json_is_object(json_object_get(mine, "orders")), "a player sees its own orders");
    json_decref(mine);
    json_t *ev = bx_ok(g, 1, "{\"kind\":\"orders\",\"path\":[\"W\"]}");
    json_t *orders = json_object_get(bx_event(ev, "resolved"), "orders");
    cr_assert_str_eq(json_string_value(json_object_get(json_array_get(orders, 0), "fire")), "b");
    cr_assert_str_eq(json_string_value(json_array_get(json_object_get(json_array_get(orders, 1), "path"), 0)), "W");
    json_decref(ev);
    json_t *v = boxing_engine.view(g, GAME_SEAT_SPECTATOR);
    cr_assert_str_eq(json_string_value(json_object_get(json_object_get(v, "last"), "kind")), "resolved",
                     "the last resolution stays in the view");
    json_decref(v);
    boxing_engine.destroy(g);
}

/* "Robots never turn facing or spin": wherever a robot goes, its NE laser
 * fires north-east, and its SW laser never covers what lies north-east. A
 * robot that turned toward its path would fire these shots elsewhere. */
Test(boxing_orders, robots_never_turn_so_their_guns_keep_facing_the_same_way)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 1, 6, 5, 1);
    const char *north_east[2] = {
        "{\"kind\":\"orders\",\"path\":[\"N\",\"N\",\"E\"],\"fire\":\"b\",\"target\":\"a\"}", IDLE};
    json_t *ev = bx_turn(g, north_east);
    cell_is(g, 0, 2, 4);
    json_t *shot = first_shot(ev);
    cr_assert_str_eq(shot_str(shot, "direction"), "NE", "after a path north then east");
    cr_assert(json_is_true(json_object_get(shot, "hit")), "(5,1) is 3 cells north-east of (2,4)");
    json_decref(ev);
    const char *west[2] = {"{\"kind\":\"orders\",\"path\":[\"W\"],\"fire\":\"b\",\"target\":\"b\"}",
                           IDLE};
    ev = bx_turn(g, west);
    cell_is(g, 0, 1, 4);
    shot = first_shot(ev);
    cr_assert_str_eq(shot_str(shot, "direction"), "NE", "after a step west");
    cr_assert(json_is_true(json_object_get(shot, "hit")));
    json_decref(ev);
    const char *south[2] = {"{\"kind\":\"orders\",\"path\":[\"S\"],\"fire\":\"c\",\"target\":\"c\"}",
                            IDLE};
    ev = bx_turn(g, south);
    shot = first_shot(ev);
    cr_assert_str_eq(shot_str(shot, "direction"), "SW", "the SW laser after a step south");
    cr_assert(json_is_false(json_object_get(shot, "in_cone")), "the enemy north-east is behind it");
    json_decref(ev);
    destroyed_is(g, 1, "ab", NULL);
    boxing_engine.destroy(g);
}

/* RULINGS §3: "A robot that is stopped loses the rest of its path for that
 * turn": both step into (3,2) and stop; the west path would be clear after
 * that, but robot 1 stays where it stopped. */
Test(boxing_orders, a_stopped_robot_loses_the_rest_of_its_path_for_that_turn)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 2, 2, 4, 2);
    const char *o[2] = {"{\"kind\":\"orders\",\"path\":[\"E\"]}",
                        "{\"kind\":\"orders\",\"path\":[\"W\",\"W\",\"S\",\"W\"]}"};
    json_t *ev = bx_turn(g, o);
    resolved_is(ev, "[[[2,2],[2,2],[2,2],[2,2]],[[4,2],[4,2],[4,2],[4,2]]]",
                "[{\"step\":1,\"why\":\"same_cell\"},{\"step\":1,\"why\":\"same_cell\"}]");
    json_decref(ev);
    cell_is(g, 0, 2, 2);
    cell_is(g, 1, 4, 2);
    boxing_engine.destroy(g);
}

Test(boxing_orders, all_robots_share_one_north)
{
    /* the same layout on both robots: each north laser fires up the ring */
    game *g = duel_at(NULL, BX_SIDES, BX_SIDES, 3, 2, 3, 6);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"b\"}", "{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"c\"}");
    destroyed_is(g, 0, "c", "robot 1 below fires north and hits");
    destroyed_is(g, 1, "", "robot 0 above fires north, away from it");
    boxing_engine.destroy(g);
}

/* ---- shooting ---- */

Test(boxing_shooting, shooting_always_happens_after_movement)
{
    /* robot 1 walks into robot 0's SE cone this turn and is hit there */
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 0, 0, 3);
    const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"b\"}",
                        "{\"kind\":\"orders\",\"path\":[\"E\",\"E\",\"E\"]}"};
    json_t *ev = bx_turn(g, o);
    json_t *shot = first_shot(ev);
    cr_assert(json_is_true(json_object_get(shot, "hit")));
    cr_assert_str_eq(shot_str(shot, "direction"), "SE");
    json_decref(ev);
    destroyed_is(g, 1, "b", NULL);
    boxing_engine.destroy(g);
}

Test(boxing_shooting, a_laser_misses_outside_its_cone)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"a\"}", IDLE};
    json_t *ev = bx_turn(g, o);
    json_t *shot = first_shot(ev);
    cr_assert(json_is_false(json_object_get(shot, "in_cone")));
    cr_assert(json_is_false(json_object_get(shot, "hit")));
    cr_assert_eq(json_array_size(json_object_get(shot, "cone")), 0, "NW from the NW corner: off the ring");
    json_decref(ev);
    destroyed_is(g, 1, "", NULL);
    boxing_engine.destroy(g);
}

/* RULINGS §3: a corner slot's cone is "the quarter-plane toward that
 * corner, including the cells straight out along both of its edges". From
 * (2,5) the NE laser (reach 4) hits straight north and straight east, and
 * misses one cell west of straight north. */
Test(boxing_shooting, a_corner_laser_hits_straight_out_along_both_edges_of_its_quarter)
{
    const int enemy[3][2] = {{2, 1}, {6, 5}, {1, 1}};
    const bool hit[3] = {true, true, false};
    for (int i = 0; i < 3; i++) {
        game *g = duel_at(NULL, BX_CORNERS, BX_SIDES, 2, 5, enemy[i][0], enemy[i][1]);
        const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"b\",\"target\":\"e\"}", IDLE};
        json_t *ev = bx_turn(g, o);
        json_t *shot = first_shot(ev);
        cr_assert_str_eq(shot_str(shot, "direction"), "NE");
        cr_assert_eq(json_is_true(json_object_get(shot, "in_cone")), hit[i], "enemy at (%d,%d)",
                     enemy[i][0], enemy[i][1]);
        cr_assert_eq(json_is_true(json_object_get(shot, "hit")), hit[i]);
        json_decref(ev);
        destroyed_is(g, 1, hit[i] ? "e" : "", NULL);
        boxing_engine.destroy(g);
    }
}

Test(boxing_shooting, the_booster_doubles_the_reach_only_when_used_for_shooting)
{
    /* distance 6 on the diagonal: four lasers reach 4, boosted 8 */
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 6, 6);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"booster\":\"move\"}", IDLE);
    destroyed_is(g, 1, "", "a booster on moving does not reach further");
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"booster\":\"shoot\"}", IDLE);
    destroyed_is(g, 1, "a", NULL);
    boxing_engine.destroy(g);
}

Test(boxing_shooting, the_booster_serves_one_purpose_a_turn)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 7, 7);
    /* one booster field: moving six steps needs it on moving, and a shot with
     * it on moving keeps the plain reach */
    bx_refused(g, 0, "{\"kind\":\"orders\",\"path\":[\"E\",\"E\",\"E\",\"E\",\"E\"],\"booster\":\"shoot\","
                     "\"fire\":\"d\",\"target\":\"a\"}", "illegal");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"booster\":[\"move\",\"shoot\"]}", "bad_action");
    boxing_engine.destroy(g);
}

Test(boxing_shooting, only_one_laser_fires_a_turn)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 6, 6);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"cd\",\"target\":\"a\"}", "bad_action");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":[\"c\",\"d\"],\"target\":\"a\"}", "bad_action");
    const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}", "{\"kind\":\"orders\"}"};
    json_t *ev = bx_turn(g, o);
    cr_assert_eq(json_array_size(json_object_get(bx_event(ev, "resolved"), "shots")), 1);
    json_decref(ev);
    boxing_engine.destroy(g);
}

Test(boxing_shooting, hitting_a_destroyed_slot_does_nothing)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}", IDLE);
    const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}", IDLE};
    json_t *ev = bx_turn(g, o);
    json_t *shot = first_shot(ev);
    cr_assert(json_is_true(json_object_get(shot, "hit")));
    cr_assert(json_is_false(json_object_get(shot, "destroyed")));
    json_decref(ev);
    destroyed_is(g, 1, "a", NULL);
    boxing_engine.destroy(g);
}

Test(boxing_shooting, a_turret_destroyed_this_turn_still_gets_its_last_shot_out)
{
    /* each destroys the laser the other fires: both shots land */
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}",
          "{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"d\"}");
    destroyed_is(g, 0, "d", NULL);
    destroyed_is(g, 1, "a", NULL);
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"b\"}", "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_shooting, a_booster_destroyed_this_turn_still_boosts_this_turn)
{
    /* at distance 6, robot 1's shot needs its booster, which robot 0 destroys */
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 6, 6);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"i\",\"booster\":\"shoot\"}",
          "{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"b\",\"booster\":\"shoot\"}");
    destroyed_is(g, 0, "b", NULL);
    destroyed_is(g, 1, "i", NULL);
    bx_refused(g, 1, "{\"kind\":\"orders\",\"booster\":\"move\",\"path\":[\"N\"]}", "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_shooting, letters_hit_and_letters_fired_are_public)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"f\"}", IDLE);
    json_t *r = view_robot(g, 1, 0); /* robot 0 seen by seat 1 */
    cr_assert_str_eq(json_string_value(json_object_get(json_object_get(r, "fired"), "d")), "SE");
    cr_assert_null(json_object_get(r, "layout"));
    json_decref(r);
    r = view_robot(g, 0, 1); /* robot 1 seen by seat 0 */
    cr_assert_str_eq(json_string_value(json_object_get(r, "destroyed")), "f");
    json_decref(r);
    boxing_engine.destroy(g);
}

/* ---- the end ---- */

static void hit_in_turn(game *g, const char *targets)
{
    for (const char *t = targets; *t; t++) {
        char o[96];
        snprintf(o, sizeof o, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"%c\"}", *t);
        turn2(g, o, IDLE);
    }
}

Test(boxing_ending, destroying_every_laser_wins)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    hit_in_turn(g, "ab");
    cr_assert(!boxing_engine.over(g));
    turn2(g, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"c\"}", IDLE);
    const char *o[2] = {"{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"d\"}", IDLE};
    json_t *ev = bx_turn(g, o);
    cr_assert(boxing_engine.over(g));
    json_t *over = bx_event(ev, "over");
    cr_assert_not_null(over);
    char *w = bx_dump(json_object_get(over, "winners"));
    cr_assert_str_eq(w, "[0]");
    free(w);
    json_decref(ev);
    json_t *res = boxing_engine.result(g);
    cr_assert(strstr(json_string_value(json_object_get(res, "summary")), "laser"));
    char *scores = bx_dump(json_object_get(res, "scores"));
    cr_assert_str_eq(scores, "[4,0]");
    free(scores);
    json_decref(res);
    bx_refused(g, 1, IDLE, "not_your_turn");
    cr_assert_eq(boxing_engine.deadline(g), GAME_NO_DEADLINE);
    boxing_engine.destroy(g);
}

Test(boxing_ending, destroying_every_engine_wins)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 3, 3);
    hit_in_turn(g, "efgh");
    cr_assert(boxing_engine.over(g));
    json_t *res = boxing_engine.result(g);
    char *w = bx_dump(json_object_get(res, "winners"));
    cr_assert_str_eq(w, "[0]");
    cr_assert(strstr(json_string_value(json_object_get(res, "summary")), "engine"));
    cr_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(res, "out"), 1), "why")),
                     "engines");
    free(w);
    json_decref(res);
    boxing_engine.destroy(g);
}

Test(boxing_ending, both_knocked_out_in_the_same_turn_is_a_draw)
{
    /* two cells apart, boosted: the reach shrinks with every laser lost but
     * the last laser boosted still reaches 2 */
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 0, 0, 2, 2);
    const char *t0 = "bcda", *t1 = "abcd";
    for (int i = 0; i < 4; i++) {
        char o0[128], o1[128];
        snprintf(o0, sizeof o0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"%c\",\"booster\":\"shoot\"}", t0[i]);
        snprintf(o1, sizeof o1, "{\"kind\":\"orders\",\"fire\":\"a\",\"target\":\"%c\",\"booster\":\"shoot\"}", t1[i]);
        cr_assert(!boxing_engine.over(g));
        turn2(g, o0, o1);
    }
    cr_assert(boxing_engine.over(g));
    json_t *res = boxing_engine.result(g);
    char *w = bx_dump(json_object_get(res, "winners")), *d = bx_dump(json_object_get(res, "drawn"));
    cr_assert_str_eq(w, "[]");
    cr_assert_str_eq(d, "[0,1]");
    cr_assert_str_eq(json_string_value(json_object_get(res, "reason")), "knockout");
    free(w);
    free(d);
    json_decref(res);
    boxing_engine.destroy(g);
}

Test(boxing_ending, the_turn_limit_ends_the_fight_in_a_draw)
{
    const char *layouts[2] = {BX_CORNERS, BX_SIDES};
    game *g = bx_start("{\"turn_limit\": 2}", 2, layouts);
    turn2(g, IDLE, IDLE);
    cr_assert(!boxing_engine.over(g));
    const char *o[2] = {IDLE, IDLE};
    json_t *ev = bx_turn(g, o);
    cr_assert(boxing_engine.over(g));
    json_t *over = bx_event(ev, "over");
    cr_assert_str_eq(json_string_value(json_object_get(over, "reason")), "turn_limit");
    char *d = bx_dump(json_object_get(over, "drawn"));
    cr_assert_str_eq(d, "[0,1]");
    free(d);
    json_decref(ev);
    json_t *res = boxing_engine.result(g);
    cr_assert_eq(json_integer_value(json_object_get(res, "turns")), 2);
    json_decref(res);
    boxing_engine.destroy(g);
}

static char *summary_of(const game *g)
{
    json_t *res = boxing_engine.result(g);
    char *s = strdup(json_string_value(json_object_get(res, "summary")));
    json_decref(res);
    return s;
}

/* Summaries count turns as people do and name every robot still fighting,
 * however many there are: "after 1 turn", never "Both" with three. */
Test(boxing_ending, the_summary_names_every_robot_and_counts_turns_right)
{
    const char *const want[3] = {"Draw: Seat 1 and Seat 2 still fighting after 1 turn",
                                 "Draw: Seat 1, Seat 2 and Seat 3 still fighting after 2 turns",
                                 "Draw: Seat 1, Seat 2, Seat 3 and Seat 4 still fighting after 1 turn"};
    const int limit[3] = {1, 2, 1};
    for (int k = 0; k < 3; k++) {
        int seats = 2 + k;
        char options[64];
        snprintf(options, sizeof options, "{\"turn_limit\": %d}", limit[k]);
        const char *layouts[4] = {BX_CORNERS, BX_SIDES, BX_CORNERS, BX_SIDES};
        game *g = bx_start(options, seats, layouts);
        const char *idle[4] = {IDLE, IDLE, IDLE, IDLE};
        for (int t = 0; t < limit[k]; t++)
            json_decref(bx_turn(g, idle));
        cr_assert(boxing_engine.over(g));
        char *summary = summary_of(g);
        cr_assert_str_eq(summary, want[k]);
        free(summary);
        boxing_engine.destroy(g);
    }
}

Test(boxing_ending, everything_is_revealed_when_the_fight_ends)
{
    const char *layouts[2] = {BX_CORNERS, BX_SIDES};
    game *g = bx_start("{\"turn_limit\": 1}", 2, layouts);
    turn2(g, IDLE, IDLE);
    for (int seat = -1; seat < 2; seat++) {
        for (int r = 0; r < 2; r++) {
            json_t *robot = view_robot(g, seat, r);
            cr_assert(json_is_object(json_object_get(robot, "layout")), "seat %d sees robot %d's layout", seat, r);
            cr_assert(json_is_object(json_object_get(robot, "working")));
            json_decref(robot);
        }
    }
    boxing_engine.destroy(g);
}

/* ---- more than two robots ---- */

static game *brawl(void)
{
    const char *layouts[3] = {BX_CORNERS, BX_CORNERS, BX_CORNERS};
    game *g = bx_start(NULL, 3, layouts);
    /* clear the corners first, then place */
    cr_assert_eq(boxing_place_robot(g, 0, 4, 4), 0);
    cr_assert_eq(boxing_place_robot(g, 1, 5, 5), 0);
    cr_assert_eq(boxing_place_robot(g, 2, 6, 6), 0);
    cr_assert_eq(boxing_place_robot(g, 0, 0, 0), 0);
    cr_assert_eq(boxing_place_robot(g, 1, 7, 0), 0);
    cr_assert_eq(boxing_place_robot(g, 2, 2, 2), 0);
    return g;
}

Test(boxing_free_for_all, every_shot_names_its_target_robot)
{
    game *g = brawl();
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}", "bad_action");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":0}", "illegal");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":3}", "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_free_for_all, a_shot_hits_only_the_robot_it_names)
{
    game *g = brawl();
    /* robot 2 at (2,2) is in robot 0's SE cone; robot 1 at (7,0) is not */
    const char *o[3] = {"{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":1}", IDLE, IDLE};
    json_decref(bx_turn(g, o));
    destroyed_is(g, 1, "", NULL);
    destroyed_is(g, 2, "", NULL);
    boxing_engine.destroy(g);
}

Test(boxing_free_for_all, a_knocked_out_robot_leaves_the_ring_and_the_last_one_fighting_wins)
{
    game *g = brawl();
    const char *engines = "efgh";
    for (int i = 0; i < 4; i++) {
        char o[128];
        snprintf(o, sizeof o, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"%c\",\"target_robot\":2}", engines[i]);
        const char *orders[3] = {o, IDLE, IDLE};
        json_t *ev = bx_turn(g, orders);
        if (i == 3) {
            json_t *ko = json_array_get(json_object_get(bx_event(ev, "resolved"), "knocked_out"), 0);
            cr_assert_eq(json_integer_value(json_object_get(ko, "seat")), 2);
            cr_assert_str_eq(json_string_value(json_object_get(ko, "why")), "engines");
        }
        json_decref(ev);
    }
    cr_assert(!boxing_alive(g, 2));
    cr_assert(!boxing_engine.over(g), "two robots still fight");
    bx_refused(g, 2, IDLE, "not_your_turn");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":2}", "illegal");
    /* its cell is free: robot 0 walks through (2,2) */
    const char *walk[3] = {"{\"kind\":\"orders\",\"path\":[\"S\",\"S\",\"E\",\"E\"],\"booster\":\"none\"}", IDLE, NULL};
    json_t *ev = bx_turn(g, walk);
    cr_assert_not_null(bx_event(ev, "resolved"), "the turn resolves without the knocked-out robot");
    json_decref(ev);
    cell_is(g, 0, 2, 2);
    /* robot 0 at (2,2), robot 1 at (7,0): robot 0's NE laser b reaches it
     * boosted (distance 5) and knocks out its lasers one by one */
    const char *lasers = "abcd";
    for (int i = 0; i < 4; i++) {
        char o[128];
        snprintf(o, sizeof o,
                 "{\"kind\":\"orders\",\"fire\":\"b\",\"target\":\"%c\",\"target_robot\":1,\"booster\":\"shoot\"}",
                 lasers[i]);
        const char *orders[3] = {o, IDLE, NULL};
        json_decref(bx_turn(g, orders));
    }
    cr_assert(boxing_engine.over(g));
    json_t *res = boxing_engine.result(g);
    char *w = bx_dump(json_object_get(res, "winners"));
    cr_assert_str_eq(w, "[0]");
    free(w);
    json_decref(res);
    boxing_engine.destroy(g);
}

/* ---- refusals ---- */

Test(boxing_refusals, malformed_actions_are_refused_as_bad_action_and_change_nothing)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 6, 6);
    const char *bad[] = {
        "[1]", "\"orders\"", "{}", "{\"kind\":\"dance\"}", "{\"kind\":7}",
        "{\"kind\":\"orders\",\"path\":\"N\"}",
        "{\"kind\":\"orders\",\"path\":[1]}",
        "{\"kind\":\"orders\",\"path\":[\"UP\"]}",
        "{\"kind\":\"orders\",\"path\":[\"n\"]}",
        "{\"kind\":\"orders\",\"booster\":\"both\"}",
        "{\"kind\":\"orders\",\"booster\":true}",
        "{\"kind\":\"orders\",\"fire\":\"z\",\"target\":\"a\"}",
        "{\"kind\":\"orders\",\"fire\":\"dd\",\"target\":\"a\"}",
        "{\"kind\":\"orders\",\"fire\":[\"a\",\"b\"],\"target\":\"a\"}",
        "{\"kind\":\"orders\",\"fire\":\"d\"}",
        "{\"kind\":\"orders\",\"target\":\"a\"}",
        "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":\"1\"}",
        "{\"kind\":\"orders\",\"turn\":-1}",
        "{\"kind\":\"orders\",\"turn\":1.5}",
        "{\"kind\":\"orders\",\"pth\":[\"N\"]}",
        "{\"kind\":\"orders\",\"fire\":\"a\\u0000\",\"target\":\"a\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        bx_refused(g, 0, bad[i], "bad_action");
    boxing_engine.destroy(g);
}

Test(boxing_refusals, malformed_layouts_are_refused_as_bad_action)
{
    game *g = bx_new(NULL, 2, 1);
    const char *bad[] = {
        "{\"kind\":\"layout\"}",
        "{\"kind\":\"layout\",\"grid\":\"aebfigchd\",\"lasers\":\"abcd\",\"booster\":\"i\"}",
        "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\"],\"lasers\":\"abcd\",\"booster\":\"i\"}",
        "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chdx\"],\"lasers\":\"abcd\",\"booster\":\"i\"}",
        "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abc\",\"booster\":\"i\"}",
        "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"ii\"}",
        "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abcd\"}",
        "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"i\",\"engines\":\"efgh\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        bx_refused(g, 0, bad[i], "bad_action");
    boxing_engine.destroy(g);
}

Test(boxing_refusals, hostile_orders_are_refused_and_change_nothing)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 6, 6);
    char path[4096] = "{\"kind\":\"orders\",\"path\":[\"N\"";
    for (int i = 0; i < 300; i++)
        strcat(path, ",\"N\"");
    strcat(path, "]}");
    bx_refused(g, 0, path, "illegal");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"e\",\"target\":\"a\"}", "illegal"); /* an engine */
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"i\",\"target\":\"a\"}", "illegal"); /* the booster */
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":0}", "illegal");
    bx_refused(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\",\"target_robot\":99}", "bad_action");
    bx_refused(g, 0, "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"i\"}",
               "illegal");
    boxing_engine.destroy(g);
}

Test(boxing_refusals, only_seated_robots_act)
{
    game *g = duel_at(NULL, BX_CORNERS, BX_CORNERS, 3, 3, 6, 6);
    bx_refused(g, GAME_SEAT_SPECTATOR, IDLE, "not_your_turn");
    bx_refused(g, GAME_SEAT_SERVER, IDLE, "not_your_turn");
    bx_refused(g, 2, IDLE, "not_your_turn");
    boxing_engine.destroy(g);
}

Test(boxing_refusals, bad_options_are_refused)
{
    game_error err;
    cr_assert_null(game_create_with(&boxing_engine, "{\"size\": 5}", 2, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&boxing_engine, "{\"order_s\": 1}", 2, 1, &err));
    cr_assert_null(game_create_with(&boxing_engine, NULL, 5, 1, &err));
    cr_assert_null(game_create_with(&boxing_engine, NULL, 1, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
}
