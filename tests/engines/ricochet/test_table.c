/* test_table.c: the table flow through the engine contract, one test per
 * rule of the seed 001 text and RULINGS §1: bidding and the sand timer, the
 * idle rule, the chip going back, the demonstration order and its
 * outcomes, the pause and the solver's answer, and each way a game ends.
 * Times are game-clock ms; options RT_OPTS: a 5 s timer, the idle rule at
 * 10 s / 20 s, 8 s to demonstrate, a 2 s pause. */
#include "table_support.h"

#include <stdlib.h>
#include <string.h>

/* A game whose first round's optimum is known (fed at t=1). */
static game *solved_game(const char *options, int seats, uint64_t seed)
{
    game *g = rt_new(options, seats, seed);
    json_decref(rt_solve(g, 1));
    cr_assert_eq(ricochet_optimum_of(g)->known, RICOCHET_KNOWN_OPTIMUM);
    return g;
}

/* `seat` bids the optimum at t, the timer runs out and it demonstrates the
 * optimum. Returns the time of its last move. */
static int64_t win_round(game *g, int seat, int64_t t)
{
    if (ricochet_optimum_of(g)->known == RICOCHET_KNOWN_NOTHING)
        json_decref(rt_solve(g, t));
    const ricochet_optimum *o = ricochet_optimum_of(g);
    cr_assert_eq(o->known, RICOCHET_KNOWN_OPTIMUM, "round %d was not solved", ricochet_round_no(g));
    json_decref(rt_ok(g, seat, rt_bid(o->nmoves), t + 1));
    int64_t end = ricochet_timer_end(g);
    json_decref(rt_tick(g, end));
    json_t *ev = rt_play(g, seat, o->moves, o->nmoves, end + 1);
    cr_assert_not_null(rt_event(ev, "round_end"));
    cr_assert_eq(rt_int(rt_event(ev, "round_end"), "winner"), seat);
    json_decref(ev);
    return end + o->nmoves;
}

/* Ticks at the running deadline; returns its time. */
static int64_t tick_deadline(game *g, json_t **events)
{
    int64_t d = RT->deadline(g);
    json_t *ev = rt_tick(g, d);
    if (events)
        *events = ev;
    else
        json_decref(ev);
    return d;
}

/* The demonstration order the timer_out event announced, as "1,0,2". */
static char *order_of(json_t *events)
{
    json_t *out = rt_event(events, "timer_out");
    cr_assert_not_null(out, "the sand timer did not run out");
    static char buf[64];
    buf[0] = 0;
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(out, "order"), i, s) {
        size_t used = strlen(buf);
        snprintf(buf + used, sizeof buf - used, "%s%lld", i ? "," : "", (long long)json_integer_value(s));
    }
    return buf;
}

static json_t *view_field(const game *g, const char *key)
{
    json_t *v = rt_view(g, GAME_SEAT_SPECTATOR);
    json_t *f = json_incref(json_object_get(v, key));
    json_decref(v);
    return f;
}

/* ---- bidding ---- */

Test(bidding, the_first_bid_starts_the_sand_timer)
{
    game *g = rt_new(RT_OPTS(""), 3, 1);
    cr_assert_eq(RT->deadline(g), 20000, "before any bid the idle start is the deadline");
    json_t *ev = rt_ok(g, 1, rt_bid(9), 3000);
    json_t *timer = rt_event(ev, "timer");
    cr_assert_not_null(timer);
    cr_assert_str_eq(rt_str(timer, "by"), "bid");
    cr_assert_eq(rt_int(timer, "seat"), 1);
    cr_assert_eq(rt_int(timer, "ends"), 8000);
    cr_assert_eq(RT->deadline(g), 8000);
    json_decref(ev);
    ev = rt_ok(g, 2, rt_bid(8), 4000);
    cr_assert_null(rt_event(ev, "timer"), "a later bid does not restart the timer");
    cr_assert_eq(RT->deadline(g), 8000);
    json_decref(ev);
    RT->destroy(g);
}

Test(bidding, every_seat_may_bid_at_the_same_moment)
{
    game *g = rt_new(RT_OPTS(""), 3, 1);
    for (int s = 0; s < 3; s++)
        json_decref(rt_ok(g, s, rt_bid(7 + s), 2000));
    json_t *bids = view_field(g, "bids");
    cr_assert_eq(json_array_size(bids), 3);
    for (int s = 0; s < 3; s++) {
        json_t *b = json_array_get(bids, (size_t)s);
        cr_assert_eq(rt_int(b, "seat"), s);
        cr_assert_eq(rt_int(b, "moves"), 7 + s);
        cr_assert_eq(rt_int(b, "order"), s + 1);
    }
    json_decref(bids);
    RT->destroy(g);
}

Test(bidding, a_player_may_lower_their_bid)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_decref(rt_ok(g, 0, rt_bid(9), 1000));
    json_t *ev = rt_ok(g, 0, rt_bid(6), 2000);
    cr_assert(json_is_true(json_object_get(rt_event(ev, "bid"), "lowered")));
    cr_assert_eq(ricochet_bid_of(g, 0), 6);
    json_decref(ev);
    RT->destroy(g);
}

Test(bidding, a_repeated_bid_keeps_its_place)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_decref(rt_ok(g, 0, rt_bid(6), 1000));
    json_decref(rt_ok(g, 1, rt_bid(6), 2000));
    json_t *ev = rt_ok(g, 0, rt_bid(6), 3000);
    json_t *bid = rt_event(ev, "bid");
    cr_assert(json_is_true(json_object_get(bid, "repeated")));
    cr_assert_eq(rt_int(bid, "order"), 1);
    json_decref(ev);
    json_decref(rt_tick(g, 6000));
    RT->destroy(g);
}

Test(bidding, raising_your_own_bid_is_refused)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_decref(rt_ok(g, 0, rt_bid(6), 1000));
    rt_refused(g, 0, rt_bid(7), 2000, "illegal");
    game_error err;
    cr_assert_eq(rt_act(g, 0, rt_bid(7), 2000, NULL, &err), -1);
    cr_assert(strstr(err.message, "never up"), "%s", err.message);
    RT->destroy(g);
}

Test(bidding, others_may_bid_above_your_bid)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_decref(rt_ok(g, 0, rt_bid(5), 1000));
    json_decref(rt_ok(g, 1, rt_bid(9), 2000));
    cr_assert_eq(ricochet_bid_of(g, 1), 9);
    RT->destroy(g);
}

Test(bidding, bids_close_when_the_sand_timer_runs_out)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_decref(rt_ok(g, 0, rt_bid(5), 1000));
    rt_refused(g, 1, rt_bid(4), 6000, "illegal"); /* at the timer's end, before the tick */
    json_decref(rt_tick(g, 6000));
    cr_assert_eq(ricochet_phase_of(g), RICOCHET_PHASE_DEMO);
    rt_refused(g, 1, rt_bid(4), 6001, "illegal");
    RT->destroy(g);
}

/* ---- the idle rule ---- */

Test(idle_rule, nobody_may_start_the_timer_before_idle_min)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    rt_refused(g, 1, "{\"kind\":\"start_timer\"}", 9999, "illegal");
    RT->destroy(g);
}

Test(idle_rule, any_player_may_start_the_timer_after_idle_min)
{
    game *g = rt_new(RT_OPTS(""), 3, 1);
    json_t *ev = rt_ok(g, 2, "{\"kind\":\"start_timer\"}", 10000);
    json_t *timer = rt_event(ev, "timer");
    cr_assert_str_eq(rt_str(timer, "by"), "player");
    cr_assert_eq(rt_int(timer, "seat"), 2);
    cr_assert_eq(rt_int(timer, "ends"), 15000);
    json_decref(ev);
    rt_refused(g, 0, "{\"kind\":\"start_timer\"}", 11000, "illegal");
    ev = rt_ok(g, 0, rt_bid(8), 12000);
    cr_assert_null(rt_event(ev, "timer"), "the running timer is not restarted by a bid");
    cr_assert_eq(RT->deadline(g), 15000);
    json_decref(ev);
    RT->destroy(g);
}

Test(idle_rule, the_timer_starts_by_itself_after_idle_s)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_t *ev = rt_tick(g, 19999);
    cr_assert_eq(json_array_size(ev), 0);
    json_decref(ev);
    ev = rt_tick(g, 20000);
    json_t *timer = rt_event(ev, "timer");
    cr_assert_str_eq(rt_str(timer, "by"), "idle");
    cr_assert(json_is_null(json_object_get(timer, "seat")));
    cr_assert_eq(rt_int(timer, "ends"), 25000);
    json_decref(ev);
    RT->destroy(g);
}

/* ---- no bid ---- */

/* The chip of the round in progress, as an index into ricochet_chips. */
static int chip_now(const game *g)
{
    const ricochet_round *r = ricochet_round_of(g);
    for (int c = 0; c < RICOCHET_CHIPS; c++) {
        if (ricochet_board_target_cell(ricochet_board_of(g), ricochet_chips[c]) == r->target)
            return c;
    }
    cr_assert_fail("the round's target holds no chip");
    return -1;
}

/* Lets the round run out with no bid; returns the chip revealed next. */
static int no_bid_round(game *g)
{
    json_t *before = view_field(g, "chips_left"), *ev;
    tick_deadline(g, &ev); /* the idle start */
    json_decref(ev);
    tick_deadline(g, &ev); /* the timer runs out with no bid */
    cr_assert_str_eq(rt_str(rt_event(ev, "round_end"), "outcome"), "no_bids");
    json_decref(ev);
    json_t *left = view_field(g, "chips_left");
    cr_assert(json_equal(left, before), "the chip is back in the pile");
    json_decref(left);
    json_decref(before);
    tick_deadline(g, &ev);
    cr_assert_not_null(rt_event(ev, "reveal"));
    json_decref(ev);
    return chip_now(g);
}

Test(no_bid, the_chip_goes_back_into_the_pile_and_comes_up_again_later)
{
    game *g = rt_new(RT_OPTS(""), 2, 7);
    bool seen[RICOCHET_CHIPS] = {false};
    int chip = chip_now(g), again = 0;
    seen[chip] = true;
    for (int round = 0; round < 40; round++) {
        chip = no_bid_round(g);
        again += seen[chip];
        seen[chip] = true;
    }
    cr_assert_gt(again, 0, "returned chips are shuffled back in and come up again");
    RT->destroy(g);
}

/* Every bidder fails (one bid of 1, given up); returns the chip revealed next. */
static int all_failed_round(game *g)
{
    json_decref(rt_ok(g, 0, rt_bid(1), ricochet_revealed_at(g) + 10));
    json_decref(rt_tick(g, RT->deadline(g)));
    json_t *ev = rt_ok(g, 0, "{\"kind\":\"give_up\"}", RT->deadline(g) - 1);
    cr_assert_str_eq(rt_str(rt_event(ev, "round_end"), "outcome"), "all_failed");
    json_decref(ev);
    json_decref(rt_solve(g, RT->deadline(g) - 1)); /* the pause waits for it */
    tick_deadline(g, &ev);
    cr_assert_not_null(rt_event(ev, "reveal"));
    json_decref(ev);
    return chip_now(g);
}

/* `rounds` rounds of `seeds` games, each ending with its chip returned by
 * `one_round`: the chip revealed next is never the one returned. */
static void returned_chips_never_come_next(int (*one_round)(game *), int seeds, int rounds)
{
    for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
        game *g = rt_new(RT_OPTS(""), 2, seed);
        for (int round = 0; round < rounds; round++) {
            int before = chip_now(g);
            cr_assert_neq(one_round(g), before, "seed %llu round %d: chip %d again at once",
                          (unsigned long long)seed, round + 1, before);
        }
        RT->destroy(g);
    }
}

/* RULINGS §1: "the next chip revealed is never the one just returned while
 * any other chip is left". Shuffled back at random, it would come up again
 * at once about one time in 17: 300 returns would show it. */
Test(no_bid, a_returned_chip_is_never_the_next_one_revealed)
{
    returned_chips_never_come_next(no_bid_round, 10, 30);
}

Test(no_bid, a_chip_every_bidder_failed_is_never_the_next_one_revealed)
{
    returned_chips_never_come_next(all_failed_round, 4, 30);
}

/* The chip order is a hidden deal: it comes from the secret stream, so the
 * seed (which a host may choose) deals the same board and robots but never
 * tells which chip comes next. */
Test(no_bid, the_chip_order_follows_the_secret_not_the_seed)
{
    const game_engine *e = RT;
    json_t *opts = game_options_resolve(e, NULL, NULL);
    int differ = 0;
    for (uint64_t secret = 1; secret <= 8; secret++) {
        game *a = e->create(opts, 2, (game_seeds){42, secret}, NULL);
        game *b = e->create(opts, 2, (game_seeds){42, secret + 100}, NULL);
        game *c = e->create(opts, 2, (game_seeds){42, secret}, NULL);
        cr_assert(memcmp(ricochet_board_of(a), ricochet_board_of(b), sizeof(ricochet_board)) == 0,
                  "the seed alone deals the board");
        cr_assert(memcmp(&ricochet_round_of(a)->start, &ricochet_round_of(b)->start,
                         sizeof(ricochet_position)) == 0, "and the robots");
        bool same = true;
        for (int round = 0; round < 6; round++) {
            same = same && chip_now(a) == chip_now(b);
            cr_assert_eq(chip_now(a), chip_now(c), "one secret deals one order");
            if (round < 5) {
                no_bid_round(a);
                no_bid_round(b);
                no_bid_round(c);
            }
        }
        differ += !same;
        e->destroy(a);
        e->destroy(b);
        e->destroy(c);
    }
    json_decref(opts);
    cr_assert_geq(differ, 7, "another secret, another order of chips");
}

/* `seat` bids `bid` at 1 s, the timer runs out and it demonstrates the
 * round's optimum, which must succeed in the optimum's moves. Returns the
 * events of the demonstration (caller decrefs). */
static json_t *demonstrate_optimum(game *g, int seat, int bid)
{
    const ricochet_optimum *o = ricochet_optimum_of(g);
    json_decref(rt_ok(g, seat, rt_bid(bid), 1000));
    json_decref(rt_tick(g, 6000));
    json_t *ev = rt_play(g, seat, o->moves, o->nmoves, 6001);
    json_t *end = rt_event(ev, "demo_end");
    cr_assert(json_is_true(json_object_get(end, "success")));
    cr_assert_str_eq(rt_str(end, "end"), "solved");
    cr_assert_eq(rt_int(end, "moves"), o->nmoves);
    return ev;
}

/* ---- the demonstration order ---- */

Test(demonstration, the_lowest_bid_demonstrates_first)
{
    game *g = rt_new(RT_OPTS(""), 3, 1);
    json_decref(rt_ok(g, 0, rt_bid(9), 1000));
    json_decref(rt_ok(g, 1, rt_bid(7), 1100));
    json_decref(rt_ok(g, 2, rt_bid(8), 1200));
    json_t *ev = rt_tick(g, 6000);
    cr_assert_str_eq(order_of(ev), "1,2,0");
    json_t *start = rt_event(ev, "demo_start");
    cr_assert_eq(rt_int(start, "seat"), 1);
    cr_assert_eq(rt_int(start, "bid"), 7);
    cr_assert_eq(rt_int(start, "deadline"), 14000);
    cr_assert_eq(ricochet_demonstrator(g), 1);
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, on_equal_bids_fewer_chips_go_first)
{
    game *g = solved_game(RT_OPTS(""), 3, 1);
    int64_t t = win_round(g, 0, 100);
    t = tick_deadline(g, NULL);
    cr_assert_eq(ricochet_chips_of(g, 0), 1);
    json_decref(rt_ok(g, 0, rt_bid(6), t + 100));
    json_decref(rt_ok(g, 2, rt_bid(6), t + 200));
    json_t *ev;
    tick_deadline(g, &ev);
    cr_assert_str_eq(order_of(ev), "2,0", "seat 2 has fewer chips, though it bid later");
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, on_equal_bids_and_chips_the_earlier_bid_goes_first)
{
    game *g = rt_new(RT_OPTS(""), 3, 1);
    json_decref(rt_ok(g, 2, rt_bid(7), 1000));
    json_decref(rt_ok(g, 0, rt_bid(7), 2000));
    json_t *ev = rt_tick(g, 6000);
    cr_assert_str_eq(order_of(ev), "2,0");
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, a_lowered_bid_counts_from_when_it_was_made)
{
    game *g = rt_new(RT_OPTS(""), 2, 1);
    json_decref(rt_ok(g, 0, rt_bid(8), 1000));
    json_decref(rt_ok(g, 1, rt_bid(7), 2000));
    json_decref(rt_ok(g, 0, rt_bid(7), 3000));
    json_t *ev = rt_tick(g, 6000);
    cr_assert_str_eq(order_of(ev), "1,0");
    json_decref(ev);
    RT->destroy(g);
}

/* ---- demonstrations ---- */

Test(demonstration, success_takes_the_chip_and_the_robots_stay)
{
    game *g = solved_game(RT_OPTS(""), 3, 2);
    ricochet_position start = ricochet_round_of(g)->start;
    json_t *ev = demonstrate_optimum(g, 1, ricochet_optimum_of(g)->nmoves);
    json_t *round = rt_event(ev, "round_end");
    cr_assert_str_eq(rt_str(round, "outcome"), "won");
    cr_assert_eq(rt_int(round, "winner"), 1);
    cr_assert_eq(ricochet_chips_of(g, 1), 1);
    ricochet_position after = ricochet_round_of(g)->pos;
    cr_assert(memcmp(&after, &start, sizeof after) != 0, "the robots moved");
    json_decref(ev);
    json_decref(rt_tick(g, RT->deadline(g)));
    cr_assert_eq(ricochet_round_no(g), 2);
    cr_assert(memcmp(&ricochet_round_of(g)->start, &after, sizeof after) == 0,
              "the next round starts where the robots stopped");
    RT->destroy(g);
}

Test(demonstration, every_move_is_shown_with_its_path)
{
    game *g = solved_game(RT_OPTS(""), 2, 3);
    const ricochet_optimum *o = ricochet_optimum_of(g);
    json_decref(rt_ok(g, 0, rt_bid(o->nmoves), 1000));
    json_decref(rt_tick(g, 6000));
    json_t *ev = rt_ok(g, 0, rt_move(o->moves[0].robot, o->moves[0].dir), 6100);
    json_t *move = rt_event(ev, "move");
    cr_assert_eq(rt_int(move, "seat"), 0);
    cr_assert_eq(rt_int(move, "moves_made"), 1);
    cr_assert_eq(rt_int(move, "bid"), o->nmoves);
    cr_assert_str_eq(rt_str(move, "robot"), ricochet_color_name(o->moves[0].robot));
    json_t *path = json_object_get(move, "path");
    cr_assert_gt(json_array_size(path), 0);
    cr_assert_eq(json_integer_value(json_array_get(path, json_array_size(path) - 1)), rt_int(move, "to"));
    json_decref(ev);
    json_t *v = rt_view(g, GAME_SEAT_SPECTATOR);
    cr_assert_eq(rt_int(v, "moves_made"), 1);
    cr_assert_eq(rt_int(v, "bid_to_beat"), o->nmoves);
    cr_assert_eq(json_array_size(json_object_get(v, "demo_moves")), 1);
    json_decref(v);
    RT->destroy(g);
}

Test(demonstration, solving_in_fewer_moves_than_the_bid_succeeds)
{
    game *g = solved_game(RT_OPTS(""), 2, 19);
    int optimum = ricochet_optimum_of(g)->nmoves;
    json_t *ev = demonstrate_optimum(g, 0, optimum + 3);
    cr_assert_eq(rt_int(rt_event(ev, "demo_end"), "bid"), optimum + 3);
    cr_assert_str_eq(rt_str(rt_event(ev, "round_end"), "outcome"), "won");
    cr_assert_eq(ricochet_chips_of(g, 0), 1);
    json_decref(ev);
    RT->destroy(g);
}

/* Seat 0 bids 1 (never enough with the ricochet rule: the active robot
 * must move twice to turn), seat 1 bids more; the timer runs out. */
static game *doomed_first(uint64_t seed)
{
    game *g = rt_new(RT_OPTS(""), 2, seed);
    json_decref(rt_ok(g, 0, rt_bid(1), 1000));
    json_decref(rt_ok(g, 1, rt_bid(12), 1100));
    json_decref(rt_tick(g, 6000));
    cr_assert_eq(ricochet_demonstrator(g), 0);
    return g;
}

static void assert_reset_and_next(game *g, json_t *ev, const char *why)
{
    json_t *end = rt_event(ev, "demo_end");
    cr_assert_not_null(end);
    cr_assert_str_eq(rt_str(end, "end"), why);
    cr_assert(json_is_false(json_object_get(end, "success")));
    const ricochet_round *r = ricochet_round_of(g);
    cr_assert(memcmp(&r->pos, &r->start, sizeof r->pos) == 0, "the robots are back where the round began");
    json_t *next = rt_event(ev, "demo_start");
    cr_assert_not_null(next, "the next bidder demonstrates");
    cr_assert_eq(rt_int(next, "seat"), 1);
    cr_assert_eq(ricochet_demonstrator(g), 1);
    json_t *v = rt_view(g, 0);
    cr_assert_eq(rt_int(v, "moves_made"), 0);
    cr_assert_eq(json_array_size(json_object_get(v, "attempts")), 1);
    json_decref(v);
}

Test(demonstration, reaching_the_bid_unsolved_fails_and_resets_the_robots)
{
    game *g = doomed_first(4);
    ricochet_move m = rt_harmless_move(g);
    json_t *ev = rt_ok(g, 0, rt_move(m.robot, m.dir), 7000);
    assert_reset_and_next(g, ev, "out_of_moves");
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, giving_up_fails_and_passes_to_the_next_bidder)
{
    game *g = doomed_first(5);
    json_t *ev = rt_ok(g, 0, "{\"kind\":\"give_up\"}", 7000);
    assert_reset_and_next(g, ev, "gave_up");
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, running_out_of_time_fails)
{
    game *g = doomed_first(6);
    json_t *ev = rt_tick(g, 13999);
    cr_assert_eq(json_array_size(ev), 0);
    json_decref(ev);
    ev = rt_tick(g, 14000);
    assert_reset_and_next(g, ev, "time");
    cr_assert_eq(RT->deadline(g), 22000, "the next demonstrator has demo_s of its own");
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, a_failed_attempt_leaves_the_moved_robots_back_home)
{
    game *g = rt_new(RT_OPTS(""), 2, 8);
    json_decref(rt_ok(g, 0, rt_bid(3), 1000));
    json_decref(rt_ok(g, 1, rt_bid(12), 1100));
    json_decref(rt_tick(g, 6000));
    ricochet_move m = rt_harmless_move(g);
    json_decref(rt_ok(g, 0, rt_move(m.robot, m.dir), 6500));
    const ricochet_round *r = ricochet_round_of(g);
    cr_assert(memcmp(&r->pos, &r->start, sizeof r->pos) != 0);
    json_t *ev = rt_ok(g, 0, "{\"kind\":\"give_up\"}", 7000);
    json_t *robots = json_object_get(rt_event(ev, "demo_end"), "robots");
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(robots, ricochet_color_name(m.robot)), "cell")),
                 r->start.cell[m.robot], "the demo_end event says where the robots went back to");
    json_decref(ev);
    RT->destroy(g);
}

Test(demonstration, only_the_demonstrator_moves_robots)
{
    game *g = doomed_first(9);
    ricochet_move m = rt_harmless_move(g);
    rt_refused(g, 1, rt_move(m.robot, m.dir), 7000, "not_your_turn");
    rt_refused(g, 1, "{\"kind\":\"give_up\"}", 7000, "not_your_turn");
    RT->destroy(g);
}

Test(demonstration, robots_do_not_move_while_bids_are_open)
{
    game *g = rt_new(RT_OPTS(""), 2, 9);
    ricochet_move m = rt_harmless_move(g);
    rt_refused(g, 0, rt_move(m.robot, m.dir), 1000, "not_your_turn");
    RT->destroy(g);
}

Test(demonstration, if_every_bidder_fails_the_chip_goes_back)
{
    game *g = doomed_first(10);
    json_decref(rt_ok(g, 0, "{\"kind\":\"give_up\"}", 7000));
    json_t *ev = rt_ok(g, 1, "{\"kind\":\"give_up\"}", 8000);
    json_t *round = rt_event(ev, "round_end");
    cr_assert_str_eq(rt_str(round, "outcome"), "all_failed");
    cr_assert(json_is_null(json_object_get(round, "winner")));
    json_decref(ev);
    json_t *left = view_field(g, "chips_left");
    cr_assert_eq(json_integer_value(left), 17);
    json_decref(left);
    cr_assert_eq(ricochet_chips_of(g, 0) + ricochet_chips_of(g, 1), 0);
    RT->destroy(g);
}

/* A robot next to the target that would slide straight onto it: with the
 * ricochet rule that stop is refused, without it the move wins. */
static game *straight_run(const char *options, int *robot, int *dir)
{
    game *g = rt_new(options, 2, 11);
    const ricochet_board *b = ricochet_board_of(g);
    int chip = 0; /* the red circle */
    int target = ricochet_board_target_cell(b, ricochet_chips[chip]);
    for (int d = 0; d < 4; d++) {
        for (int c = 0; c < RICOCHET_CELLS; c++) {
            if (c == target || b->stop[d][c] != target || ricochet_is_block(b, c) ||
                ricochet_board_target_at(b, c))
                continue;
            /* the other robots in the far corners, out of the way */
            uint8_t cells[4] = {(uint8_t)c, 0, 15, 255};
            for (int i = 1; i < 4; i++) {
                if (RICOCHET_X(cells[i]) == RICOCHET_X(c) || RICOCHET_Y(cells[i]) == RICOCHET_Y(c))
                    cells[i] = (uint8_t)(cells[i] == 0 ? 240 : cells[i] == 15 ? 17 : 238);
            }
            if (ricochet_set_round(g, cells, chip, 0) < 0)
                continue;
            *robot = RICOCHET_RED;
            *dir = d;
            return g;
        }
    }
    cr_assert_fail("no straight run found");
    return NULL;
}

Test(demonstration, the_ricochet_rule_refuses_a_straight_run_onto_the_target)
{
    int robot, dir;
    game *g = straight_run(RT_OPTS(""), &robot, &dir);
    json_decref(rt_ok(g, 0, rt_bid(5), 1000));
    json_decref(rt_tick(g, 6000));
    rt_refused(g, 0, rt_move(robot, dir), 6500, "illegal");
    game_error err;
    cr_assert_eq(rt_act(g, 0, rt_move(robot, dir), 6500, NULL, &err), -1);
    cr_assert(strstr(err.message, "ricochet rule"), "%s", err.message);
    RT->destroy(g);

    g = straight_run(RT_OPTS(",\"ricochet_rule\":false"), &robot, &dir);
    json_decref(rt_ok(g, 0, rt_bid(5), 1000));
    json_decref(rt_tick(g, 6000));
    json_t *ev = rt_ok(g, 0, rt_move(robot, dir), 6500);
    cr_assert_str_eq(rt_str(rt_event(ev, "round_end"), "outcome"), "won");
    json_decref(ev);
    RT->destroy(g);
}

/* ---- between rounds, and the solver ---- */

Test(round, the_next_chip_comes_after_the_pause)
{
    game *g = solved_game(RT_OPTS(""), 2, 12);
    int64_t t = win_round(g, 0, 100);
    cr_assert_eq(ricochet_phase_of(g), RICOCHET_PHASE_ROUND_OVER);
    cr_assert_eq(RT->deadline(g), t + 2000);
    json_t *ev = rt_tick(g, t + 1999);
    cr_assert_eq(json_array_size(ev), 0);
    json_decref(ev);
    ev = rt_tick(g, t + 2000);
    json_t *reveal = rt_event(ev, "reveal");
    cr_assert_eq(rt_int(reveal, "round"), 2);
    cr_assert_eq(rt_int(reveal, "chips_left"), 16);
    cr_assert_eq(ricochet_phase_of(g), RICOCHET_PHASE_BIDDING);
    cr_assert_eq(ricochet_revealed_at(g), t + 2000);
    json_decref(ev);
    RT->destroy(g);
}

Test(solver, the_optimum_is_shown_only_once_the_round_is_over)
{
    game *g = solved_game(RT_OPTS(""), 2, 13);
    const ricochet_optimum *o = ricochet_optimum_of(g);
    char *views = replay_views(RT, g, ricochet_seats(g));
    cr_assert_null(strstr(views, "\"optimal\""), "no view holds the optimum during the round");
    cr_assert_null(strstr(views, "\"solution\""));
    free(views);
    int64_t t = win_round(g, 1, 100);
    (void)t;
    json_t *last = view_field(g, "last_round");
    json_t *opt = json_object_get(last, "optimal");
    cr_assert_str_eq(rt_str(opt, "status"), "solved");
    cr_assert_eq(rt_int(opt, "moves"), o->nmoves);
    cr_assert_eq(json_array_size(json_object_get(opt, "solution")), (size_t)o->nmoves);
    cr_assert_eq(json_array_size(json_object_get(opt, "steps")), (size_t)o->nmoves);
    cr_assert_eq(json_array_size(json_object_get(last, "winning_moves")), (size_t)o->nmoves);
    json_decref(last);
    RT->destroy(g);
}

Test(solver, work_is_asked_for_while_the_optimum_is_unknown)
{
    game *g = rt_new(RT_OPTS(""), 2, 14);
    json_t *req = RT->work_request(g);
    cr_assert_not_null(req);
    cr_assert_eq(rt_int(req, "round"), 1);
    cr_assert_not_null(json_object_get(req, "layout"));
    cr_assert_not_null(json_object_get(json_object_get(req, "budget"), "nodes"));
    cr_assert_eq(rt_int(req, "table_mib"), 64);
    json_decref(req);
    json_decref(rt_solve(g, 10));
    cr_assert_null(RT->work_request(g));
    int64_t t = win_round(g, 0, 100);
    json_decref(rt_tick(g, t + 2000));
    req = RT->work_request(g);
    cr_assert_eq(rt_int(req, "round"), 2);
    json_decref(req);
    RT->destroy(g);
}

Test(solver, the_pause_waits_for_a_late_answer)
{
    game *g = doomed_first(15);
    json_decref(rt_ok(g, 0, "{\"kind\":\"give_up\"}", 7000));
    json_decref(rt_ok(g, 1, "{\"kind\":\"give_up\"}", 8000));
    json_t *v = rt_view(g, 0);
    cr_assert(json_is_true(json_object_get(v, "waiting_for_solver")));
    cr_assert_str_eq(rt_str(json_object_get(json_object_get(v, "last_round"), "optimal"), "status"), "pending");
    json_decref(v);
    cr_assert_eq(RT->deadline(g), 8000 + 2000 + 20000);
    json_t *ev = rt_solve(g, 8500);
    json_t *opt = rt_event(ev, "optimal");
    cr_assert_not_null(opt, "the answer is shown as it comes");
    cr_assert_eq(rt_int(opt, "round"), 1);
    json_decref(ev);
    cr_assert_eq(RT->deadline(g), 8500 + 2000, "then the pause runs from the answer");
    RT->destroy(g);
}

Test(solver, when_the_solver_gives_up_its_bound_is_shown)
{
    game *g = doomed_first(16);
    json_t *req = RT->work_request(g);
    json_t *action = json_pack("{s:s, s:o, s:{s:s, s:i, s:i}}", "kind", "work_done", "request", req,
                               "result", "status", "gave_up", "lower_bound", 9, "nodes", 50000000);
    json_t *ev = json_array();
    game_error err;
    cr_assert_eq(RT->act(g, GAME_SEAT_SERVER, action, 6500, ev, &err), 0, "%s", err.message);
    json_decref(action);
    json_decref(ev);
    json_decref(rt_ok(g, 0, "{\"kind\":\"give_up\"}", 7000));
    json_decref(rt_ok(g, 1, "{\"kind\":\"give_up\"}", 8000));
    json_t *last = view_field(g, "last_round");
    json_t *opt = json_object_get(last, "optimal");
    cr_assert_str_eq(rt_str(opt, "status"), "gave_up");
    cr_assert_eq(rt_int(opt, "lower_bound"), 9);
    json_decref(last);
    cr_assert_eq(RT->deadline(g), 8000 + 2000, "no waiting: the solver has answered");
    RT->destroy(g);
}

/* ---- the end ---- */

Test(end, chips_to_win_follow_the_number_of_players)
{
    const int want[9] = {0, 0, 8, 6, 5, 0, 0, 0, 0};
    for (int seats = 2; seats <= 8; seats++) {
        game *g = rt_new(NULL, seats, 1);
        json_t *n = view_field(g, "chips_to_win");
        cr_assert_eq(json_integer_value(n), want[seats], "%d players", seats);
        json_decref(n);
        RT->destroy(g);
    }
    game *g = rt_new("{\"chips_to_win\":3}", 2, 1);
    json_t *n = view_field(g, "chips_to_win");
    cr_assert_eq(json_integer_value(n), 3, "the option overrides");
    json_decref(n);
    RT->destroy(g);
}

Test(end, a_player_who_reaches_chips_to_win_wins_after_the_pause)
{
    game *g = rt_new(RT_OPTS(",\"chips_to_win\":2"), 3, 17);
    int64_t t = win_round(g, 2, 100);
    t = tick_deadline(g, NULL);
    t = win_round(g, 2, t);
    cr_assert_eq(ricochet_phase_of(g), RICOCHET_PHASE_ROUND_OVER, "the last round's result is shown first");
    cr_assert(!RT->over(g));
    json_t *ev;
    tick_deadline(g, &ev);
    json_t *over = rt_event(ev, "over");
    cr_assert_not_null(over);
    cr_assert(RT->over(g));
    cr_assert_eq(RT->deadline(g), GAME_NO_DEADLINE);
    json_decref(ev);
    json_t *result = RT->result(g);
    cr_assert_eq(json_array_size(json_object_get(result, "winners")), 1);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(result, "winners"), 0)), 2);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(result, "scores"), 2)), 2);
    cr_assert_str_eq(rt_str(result, "summary"), "Seat 3 wins with 2 chips");
    json_decref(result);
    rt_refused(g, 0, rt_bid(3), t + 10000, "not_your_turn");
    RT->destroy(g);
}

/* RULINGS §1: a returned chip is not the next one "while any other chip is
 * left": the last chip, returned, is revealed again at once. */
Test(end, the_last_chip_returned_comes_up_again_at_once)
{
    game *g = rt_new(RT_OPTS(""), 5, 18);
    int64_t t = 100;
    for (int round = 0; round < 16; round++) {
        t = win_round(g, round % 5, t);
        t = tick_deadline(g, NULL);
    }
    int last = chip_now(g);
    json_t *left = view_field(g, "chips_left");
    cr_assert_eq(json_integer_value(left), 1);
    json_decref(left);
    json_decref(rt_solve(g, t + 1));
    cr_assert_eq(no_bid_round(g), last);
    cr_assert(!RT->over(g), "the chip is still to be won");
    RT->destroy(g);
}

/* Five players: seat i % 5 wins round i, so after all 17 chips seats 0
 * and 1 hold four each and share the win. */
Test(end, with_five_players_every_chip_is_played_and_equal_chips_share_the_win)
{
    game *g = rt_new(RT_OPTS(""), 5, 18);
    int64_t t = 100;
    for (int round = 0; round < 17; round++) {
        cr_assert(!RT->over(g));
        t = win_round(g, round % 5, t);
        t = tick_deadline(g, NULL);
    }
    cr_assert(RT->over(g));
    json_t *result = RT->result(g);
    char *winners = json_dumps(json_object_get(result, "winners"), JSON_COMPACT);
    cr_assert_str_eq(winners, "[0,1]");
    free(winners);
    cr_assert_str_eq(rt_str(result, "summary"), "Seats 1 and 2 share the win with 4 chips each");
    cr_assert_eq(rt_int(result, "rounds"), 17);
    json_decref(result);
    RT->destroy(g);
}
