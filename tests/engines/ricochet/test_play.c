/* test_play.c: whole games. Random play (people bidding, starting the timer,
 * moving robots at random or by the optimum, giving up, time passing, the
 * solver answering late) logged and replayed: every view after every input
 * must come out byte-identical (the replay invariant). Bots of every level,
 * with people who leave mid-round and bots who take over their seats, must
 * never try an illegal action, and their games must end. */
#include "table_support.h"

#include <stdlib.h>
#include <string.h>

#include "util/rng.h"

/* A person's action for `seat`, chosen from what anyone could see, or NULL. */
static json_t *chaos_action(const game *g, int seat, rng *r)
{
    ricochet_phase phase = ricochet_phase_of(g);
    unsigned pick = rng_below(r, 10);
    if (phase == RICOCHET_PHASE_BIDDING) {
        if (pick < 6)
            return json_pack("{s:s, s:i}", "kind", "bid", "moves", rng_range(r, 1, 14));
        if (pick < 7)
            return json_pack("{s:s}", "kind", "start_timer");
        return NULL;
    }
    if (phase != RICOCHET_PHASE_DEMO || ricochet_demonstrator(g) != seat)
        return NULL;
    if (pick == 0)
        return json_pack("{s:s}", "kind", "give_up");
    const ricochet_optimum *o = ricochet_optimum_of(g);
    const ricochet_round *round = ricochet_round_of(g);
    int made = round->moves;
    ricochet_move m = {(uint8_t)rng_below(r, round->pos.nrobots), (uint8_t)rng_below(r, 4)};
    if (pick < 6 && o->known == RICOCHET_KNOWN_OPTIMUM && made < o->nmoves) {
        ricochet_move done[RICOCHET_MAX_BID];
        int n = ricochet_demo_moves(g, done, RICOCHET_MAX_BID);
        if (n == 0 || memcmp(done, o->moves, (size_t)n * sizeof *done) == 0)
            m = o->moves[made]; /* on the optimum's track: follow it */
    }
    return json_pack("{s:s, s:s, s:s}", "kind", "move", "robot", ricochet_color_name(m.robot), "dir",
                     ricochet_dir_name(m.dir));
}

/* Does the work the game waits for, in line, as the room would. */
static void feed_work(replay_log *log, game *g, int64_t at)
{
    json_t *req = RT->work_request(g);
    if (!req)
        return;
    json_t *res = RT->work_run(req, &game_no_cancel);
    json_t *action = json_pack("{s:s, s:o, s:o}", "kind", "work_done", "request", req, "result", res);
    json_t *ev = json_array();
    game_error err;
    cr_assert_eq(replay_act(log, g, GAME_SEAT_SERVER, action, at, ev, &err), 0, "%s", err.message);
    json_decref(ev);
    json_decref(action);
}

/* People playing at random, time passing and the solver answering when it
 * will, logged with a trace of every view and event. Returns accepted
 * actions of seats. */
static int play_randomly(replay_log *log, game *g, uint64_t seed, int steps)
{
    rng r;
    rng_seed(&r, seed * 7 + 1);
    int64_t now = 0, accepted = 0;
    int seats = log->seats;
    json_t *events = json_array();
    for (int step = 0; step < steps && !RT->over(g); step++) {
        unsigned op = rng_below(&r, 10);
        if (op < 6) {
            int seat = ricochet_demonstrator(g) >= 0 && op < 4 ? ricochet_demonstrator(g)
                                                                : (int)rng_below(&r, (uint32_t)seats);
            json_t *a = chaos_action(g, seat, &r);
            if (!a)
                continue;
            game_error err;
            accepted += replay_act(log, g, seat, a, now, events, &err) == 0;
            json_decref(a);
        } else if (op < 9) {
            now += rng_below(&r, 3000);
            if (RT->deadline(g) <= now)
                replay_tick(log, g, now, events);
        } else {
            feed_work(log, g, now); /* the solver answers when it will */
        }
        json_array_clear(events);
    }
    json_decref(events);
    return (int)accepted;
}

Test(play, random_play_replays_byte_identical)
{
    size_t inputs = 0;
    int over = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) { /* 3, 4, 5 and 2 seats */
        replay_log log;
        game_error err;
        game *g = replay_start(&log, RT, RT_OPTS(",\"chips_to_win\":2,\"silver\":true"),
                               2 + (int)(seed % 4), game_seeds_from(seed), &err);
        cr_assert_not_null(g, "%s", err.message);
        log.trace = true;
        int accepted = play_randomly(&log, g, seed, 1200);
        cr_assert(replay_check(&log, g), "seed %llu: %s", (unsigned long long)seed, log.problem);
        cr_assert_gt(accepted, 20);
        over += RT->over(g);
        inputs += log.n;
        RT->destroy(g);
        replay_free(&log);
    }
    cr_assert_gt(inputs, 400);
    cr_assert_gt(over, 0, "some random games reach their end");
}

/* ---- bots ---- */

/* Does the game wait for the solver's answer? */
static bool waits_for_solver(const game *g)
{
    json_t *req = RT->work_request(g);
    json_decref(req);
    return req != NULL;
}

/* A table of bots (and people until `leave_at`, then bots in their seats),
 * driven the way a room drives it, bots thinking over a clone as the room's
 * workers do. Every bot action must be accepted, and the game must replay. */
static void bots_game(uint64_t seed, int seats, const int *levels, int people, int64_t leave_at,
                      const char *options, int *bot_actions, int *rounds)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, RT, options, seats, game_seeds_from(seed), &err);
    cr_assert_not_null(g, "%s", err.message);
    rng r;
    rng_seed(&r, seed);
    int64_t now = 0;
    json_t *events = json_array();
    for (int guard = 0; guard < 20000 && !RT->over(g); guard++) {
        if (waits_for_solver(g) && rng_below(&r, 3) == 0) {
            feed_work(&log, g, now);
            continue;
        }
        int64_t wake = GAME_NO_DEADLINE;
        bool acted = false;
        for (int s = 0; s < seats && !acted; s++) {
            if (s < people && now < leave_at) {
                json_t *a = chaos_action(g, s, &r);
                acted = a && replay_act(&log, g, s, a, now, events, &err) == 0;
                json_decref(a);
                continue;
            }
            int64_t w = GAME_NO_DEADLINE;
            game *copy = RT->clone(g);
            json_t *a = RT->bot(copy, s, levels[s], now, rng_next(&r), &w, &game_no_cancel);
            RT->destroy(copy);
            wake = w < wake ? w : wake;
            if (!a)
                continue;
            char *text = json_dumps(a, JSON_COMPACT);
            cr_assert_eq(replay_act(&log, g, s, a, now, events, &err), 0,
                         "seed %llu: the %s bot in seat %d tried %s: %s", (unsigned long long)seed,
                         ricochet_bot_levels[levels[s]], s, text, err.message);
            free(text);
            (*bot_actions)++;
            acted = true;
            json_decref(a);
        }
        json_array_clear(events);
        if (acted) {
            now += 50; /* the room's pace, short */
            continue;
        }
        int64_t next = RT->deadline(g);
        if (wake < next)
            next = wake;
        if (now < leave_at && now + 500 < next)
            next = now + 500; /* people think, then act again */
        cr_assert_neq(next, GAME_NO_DEADLINE, "seed %llu: the game is stuck", (unsigned long long)seed);
        now = next > now ? next : now + 1;
        replay_tick(&log, g, now, events);
        json_array_clear(events);
    }
    cr_assert(RT->over(g), "seed %llu: the bots' game did not end", (unsigned long long)seed);
    cr_assert(replay_check(&log, g), "seed %llu: %s", (unsigned long long)seed, log.problem);
    *rounds += ricochet_round_no(g);
    json_decref(events);
    RT->destroy(g);
    replay_free(&log);
}

Test(bots, bots_always_act_legally_and_their_games_end)
{
    int actions = 0, rounds = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        int seats = 2 + (int)(seed % 5), levels[RICOCHET_MAX_SEATS];
        for (int s = 0; s < seats; s++)
            levels[s] = (int)((seed + (uint64_t)s) % 3);
        const char *options = seed % 3 == 0 ? RT_OPTS(",\"chips_to_win\":2,\"silver\":true,\"bot_think_pct\":5")
                              : seed % 3 == 1 ? RT_OPTS(",\"chips_to_win\":2,\"ricochet_rule\":false")
                                              : RT_OPTS(",\"chips_to_win\":2,\"bot_think_pct\":20");
        bots_game(seed, seats, levels, (int)(seed % 2) * 2, 30000, options, &actions, &rounds);
    }
    cr_assert_gt(actions, 100);
    cr_assert_gt(rounds, 24);
}

Test(bots, a_game_of_bots_with_the_default_options_ends)
{
    int actions = 0, rounds = 0;
    const int levels[3] = {0, 1, 2};
    bots_game(99, 3, levels, 0, 0, NULL, &actions, &rounds);
    cr_assert_geq(rounds, 6, "six chips to win with three players");
}

Test(bots, hard_bids_the_optimum_and_demonstrates_it)
{
    game *g = rt_new(RT_OPTS(""), 2, 31);
    int64_t wake;
    json_t *a = RT->bot(g, 1, 2, 0, 0, &wake, &game_no_cancel);
    /* at 0% thinking, the helper search answers at once */
    cr_assert_not_null(a);
    json_decref(a);
    json_decref(rt_solve(g, 1));
    const ricochet_optimum *o = ricochet_optimum_of(g);
    a = RT->bot(g, 1, 2, 10, 0, &wake, &game_no_cancel);
    cr_assert_not_null(a);
    cr_assert_str_eq(rt_str(a, "kind"), "bid");
    cr_assert_eq(rt_int(a, "moves"), o->nmoves);
    json_decref(a);
    json_decref(rt_ok(g, 1, rt_bid(o->nmoves), 10));
    json_decref(rt_tick(g, RT->deadline(g)));
    for (int i = 0; i < o->nmoves; i++) {
        cr_assert_eq(ricochet_demonstrator(g), 1);
        a = RT->bot(g, 1, 2, 6000 + i, 0, &wake, &game_no_cancel);
        cr_assert_str_eq(rt_str(a, "kind"), "move");
        game_error err;
        json_t *ev = json_array();
        cr_assert_eq(RT->act(g, 1, a, 6000 + i, ev, &err), 0, "%s", err.message);
        json_decref(ev);
        json_decref(a);
    }
    cr_assert_eq(ricochet_chips_of(g, 1), 1);
    RT->destroy(g);
}

Test(bots, thinking_takes_longer_for_longer_solutions_and_lower_levels)
{
    /* at 100% thinking, over many rounds: the moment each level's plan first
     * holds an answer, against that answer's length */
    double sum[3] = {0}, count[3] = {0};
    for (uint64_t seed = 1; seed <= 30; seed++) {
        game *g = rt_new(NULL, 3, seed);
        json_decref(rt_solve(g, 0));
        for (int level = 0; level < 3; level++) {
            ricochet_move moves[RICOCHET_MAX_MOVES];
            int64_t at = 0, next;
            int n = -1;
            for (int guard = 0; guard < 10 && n < 0; guard++) {
                n = ricochet_bot_plan(g, 0, level, at, moves, &next, NULL);
                if (n < 0 && next == GAME_NO_DEADLINE)
                    break;
                if (n < 0)
                    at = next;
            }
            if (n < 0)
                continue;
            cr_assert_gt(at, 2000, "nobody answers in no time at 100%%");
            sum[level] += (double)at / (n * n);
            count[level]++;
        }
        RT->destroy(g);
    }
    for (int level = 0; level < 3; level++)
        cr_assert_gt(count[level], 5, "level %d found answers", level);
    cr_assert_gt(sum[0] / count[0], sum[1] / count[1], "easy thinks longer than normal");
    cr_assert_gt(sum[1] / count[1], sum[2] / count[2], "normal thinks longer than hard");
    cr_assert_lt(count[0], count[2], "easy sometimes finds nothing");
}

Test(bots, a_bot_out_of_ideas_starts_the_timer_when_the_idle_rule_allows)
{
    /* easy looks only six moves deep: find a round it cannot answer */
    for (uint64_t seed = 1; seed < 200; seed++) {
        game *g = rt_new(RT_OPTS(""), 2, seed);
        json_decref(rt_solve(g, 0));
        ricochet_move moves[RICOCHET_MAX_MOVES];
        int64_t next;
        if (ricochet_bot_plan(g, 1, 0, 1000000, moves, &next, NULL) >= 0) {
            RT->destroy(g);
            continue;
        }
        int64_t wake;
        cr_assert_null(RT->bot(g, 1, 0, 5000, 0, &wake, &game_no_cancel));
        cr_assert_eq(wake, 10000, "it waits for idle_min_s");
        json_t *a = RT->bot(g, 1, 0, 10000, 0, &wake, &game_no_cancel);
        cr_assert_str_eq(rt_str(a, "kind"), "start_timer");
        json_decref(a);
        RT->destroy(g);
        return;
    }
    cr_assert_fail("no round beyond an easy bot");
}

/* ---- the room's way of asking: over a clone, with a time budget ---- */

Test(bots, a_clone_is_an_equal_copy_that_shares_nothing)
{
    game *g = rt_new(RT_OPTS(""), 3, 5);
    json_decref(rt_solve(g, 1));
    json_decref(rt_ok(g, 0, rt_bid(9), 100));
    game *copy = RT->clone(g);
    cr_assert_not_null(copy);
    char *before = replay_views(RT, g, 3), *copied = replay_views(RT, copy, 3);
    cr_assert_str_eq(copied, before, "the copy shows what the original shows");
    json_decref(rt_ok(copy, 1, rt_bid(5), 200));
    json_decref(rt_tick(copy, RT->deadline(copy)));
    char *after = replay_views(RT, g, 3);
    cr_assert_str_eq(after, before, "the original did not move with the copy");
    RT->destroy(g);
    char *alone = replay_views(RT, copy, 3);
    cr_assert_str_neq(alone, before, "the copy lives on after the original is gone");
    cr_assert_eq(ricochet_demonstrator(copy), 1);
    RT->destroy(copy);
    free(before);
    free(copied);
    free(after);
    free(alone);
}

static const volatile int raised = 1;

/* A search cut short finds nothing; a bot whose time is up acts on what it
 * has without searching: hard bids the logged optimum, easy waits. */
Test(bots, a_bot_whose_time_is_up_acts_on_what_it_has)
{
    game *g = rt_new(RT_OPTS(""), 2, 31);
    ricochet_seek_limits wide = {1, 10, 8000};
    ricochet_move moves[RICOCHET_MAX_MOVES];
    cr_assert_gt(ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &wide, NULL, moves), 0);
    cr_assert_eq(ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &wide, &raised, moves), -1);
    int64_t wake;
    cr_assert_null(RT->bot(g, 1, 0, 10, 0, &wake, &raised), "easy has found nothing yet");
    json_decref(rt_solve(g, 1));
    json_t *a = RT->bot(g, 1, 2, 10, 0, &wake, &raised);
    cr_assert_not_null(a);
    cr_assert_str_eq(rt_str(a, "kind"), "bid");
    cr_assert_eq(rt_int(a, "moves"), ricochet_optimum_of(g)->nmoves);
    json_decref(a);
    RT->destroy(g);
}
