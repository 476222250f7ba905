/*
 * test_everything.c: the replay's audience (GAME_SEAT_REPLAY) of every
 * engine, over the stored games of tests/replay/<id>.jsonl. After the deal
 * and after every input, the everything-view is the spectator's view with
 * every seat's secrets put in, each exactly as that seat's own view shows
 * it: boxing's layouts, working parts and pending orders, Robot Wars'
 * allocations (and what the robot to move may do), RoboRally's hands,
 * programs and choices, Ricochet's pile and the round's optimum, MANOOVER's
 * legal moves of the seat to move, the test game's secret numbers. What
 * each seat and the spectator see is not changed by it: the replay digests
 * (meson test replay-digests) hold those byte for byte.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "tools/fingerprint.h"

extern const game_engine testgame_engine, boxing_engine, manoover_engine, ricochet_engine,
    roborally_engine, robotwars_engine;

/* What one engine's check saw over all its games. */
typedef struct seen {
    int points;  /* moments checked (the deal and every input) */
    int secrets; /* of them, with a secret the spectator did not see */
    int extra;   /* an engine's own count (Ricochet: optimums answered in a round) */
} seen;

typedef void (*check_fn)(const game_engine *e, const game *g, int seats, seen *s);

static char *dump(const json_t *j)
{
    return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
}

/* a and b are equal, or the test fails naming what. */
static void same(const json_t *a, const json_t *b, const char *what)
{
    if ((!a && !b) || json_equal((json_t *)a, (json_t *)b))
        return;
    char *x = dump(a), *y = dump(b);
    cr_assert_fail("%s differs:\n  replay: %.600s\n  other:  %.600s", what, x ? x : "(none)",
                   y ? y : "(none)");
}

/* Every top-level field of the spectator's view but `except` is the same in
 * the everything-view, and the everything-view adds only `added`. */
static void like_spectator(const json_t *all, const json_t *spec, const char *const *except,
                           const char *const *added)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)spec, key, v) {
        bool skip = false;
        for (int i = 0; except && except[i]; i++)
            skip |= strcmp(except[i], key) == 0;
        cr_assert(json_object_get(all, key), "the replay's view lacks %s", key);
        if (!skip)
            same(json_object_get(all, key), v, key);
    }
    json_object_foreach((json_t *)all, key, v) {
        if (json_object_get(spec, key))
            continue;
        bool ok = false;
        for (int i = 0; added && added[i]; i++)
            ok |= strcmp(added[i], key) == 0;
        cr_assert(ok, "the replay's view has a field %s the spectator's has not", key);
    }
}

/* Every replay's view says it is one. */
static const char *const replay_only[] = {"replay", NULL};

static void count(seen *s, const json_t *all, const json_t *spec)
{
    cr_assert(json_is_true(json_object_get(all, "replay")), "the view says it is a replay's");
    s->points++;
    json_t *shown = json_deep_copy(all);
    json_object_del(shown, "replay");
    s->secrets += !json_equal(shown, (json_t *)spec);
    json_decref(shown);
}

/* Replays every stored game of e, calling check after the deal and after
 * each input. */
static seen replay_all(const game_engine *e, check_fn check)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/tests/replay/%s.jsonl", BOTPIT_SOURCE_ROOT, e->id);
    fingerprint_log log;
    cr_assert_eq(fingerprint_read(path, e, &log, err, sizeof err), 0, "%s", err);
    seen s = {0};
    for (size_t k = 0; k < log.n; k++) {
        const fingerprint_game *fg = &log.games[k];
        game_error gerr;
        json_t *options = game_options_resolve(e, fg->options, &gerr);
        cr_assert_not_null(options, "%s", gerr.message);
        game *g = e->create(options, fg->seats, fg->seeds, &gerr);
        cr_assert_not_null(g, "%s", gerr.message);
        check(e, g, fg->seats, &s);
        json_t *events = json_array();
        size_t i;
        json_t *in;
        json_array_foreach(fg->inputs, i, in) {
            int64_t t = json_integer_value(json_array_get(in, 0));
            const json_t *who = json_array_get(in, 1);
            if (json_is_string(who)) {
                e->tick(g, t, events);
            } else {
                cr_assert_eq(e->act(g, (int)json_integer_value(who), json_array_get(in, 2), t,
                                    events, &gerr),
                             0, "%s game %zu input %zu: %s", e->id, k, i + 1, gerr.message);
            }
            json_array_clear(events);
            check(e, g, fg->seats, &s);
        }
        json_decref(events);
        e->destroy(g);
        json_decref(options);
    }
    fingerprint_free(&log);
    return s;
}

/* Checks that the views of seat s hold: own(view) is what seat s sees of
 * its own secrets, and the replay's view must show the same for s. */
typedef const json_t *(*part_fn)(const json_t *view, int seat);

static void seats_match(const game_engine *e, const game *g, int seats, const json_t *all,
                        part_fn part, const char *what)
{
    for (int seat = 0; seat < seats; seat++) {
        json_t *mine = e->view(g, seat);
        char label[64];
        snprintf(label, sizeof label, "%s of seat %d", what, seat + 1);
        same(part(all, seat), part(mine, seat), label);
        json_decref(mine);
    }
}

/* --- the test game --- */

static void check_testgame(const game_engine *e, const game *g, int seats, seen *s)
{
    json_t *all = e->view(g, GAME_SEAT_REPLAY), *spec = e->view(g, GAME_SEAT_SPECTATOR);
    static const char *const added[] = {"secrets", "replay", NULL};
    like_spectator(all, spec, (const char *const[]){"secrets", NULL}, added);
    const json_t *secrets = json_object_get(all, "secrets");
    cr_assert_eq(json_array_size(secrets), (size_t)seats);
    for (int seat = 0; seat < seats; seat++) {
        json_t *mine = e->view(g, seat);
        same(json_array_get(secrets, (size_t)seat), json_object_get(mine, "secret"),
             "a seat's secret");
        json_decref(mine);
    }
    count(s, all, spec);
    json_decref(all);
    json_decref(spec);
}

Test(everything, testgame_shows_every_seats_secret_number)
{
    seen s = replay_all(&testgame_engine, check_testgame);
    cr_assert_gt(s.points, 10);
    cr_assert_gt(s.secrets, 0);
}

/* --- boxing and RoboRally: every robot as its own seat sees it --- */

static const json_t *robot_of(const json_t *view, int seat)
{
    return json_array_get(json_object_get(view, "robots"), (size_t)seat);
}

static void check_robots(const game_engine *e, const game *g, int seats, seen *s)
{
    json_t *all = e->view(g, GAME_SEAT_REPLAY), *spec = e->view(g, GAME_SEAT_SPECTATOR);
    like_spectator(all, spec, (const char *const[]){"robots", NULL}, replay_only);
    seats_match(e, g, seats, all, robot_of, "the robot");
    count(s, all, spec);
    json_decref(all);
    json_decref(spec);
}

Test(everything, boxing_shows_every_layout_working_parts_and_pending_orders)
{
    seen s = replay_all(&boxing_engine, check_robots);
    cr_assert_gt(s.points, 50);
    cr_assert_gt(s.secrets, s.points / 2, "the layouts show from the start");
}

Test(everything, roborally_shows_every_hand_program_and_choice)
{
    seen s = replay_all(&roborally_engine, check_robots);
    cr_assert_gt(s.points, 20);
    cr_assert_gt(s.secrets, s.points / 2, "the hands show from the start");
}

/* --- Robot Wars: every allocation in the set-up, and the mover's options --- */

static const json_t *battle_robot_of(const json_t *view, int seat)
{
    const json_t *robots = json_object_get(json_object_get(view, "battle"), "robots");
    size_t i;
    json_t *r;
    json_array_foreach(robots, i, r) {
        if (json_integer_value(json_object_get(r, "seat")) == seat)
            return r;
    }
    return NULL;
}

static void check_robotwars(const game_engine *e, const game *g, int seats, seen *s)
{
    json_t *all = e->view(g, GAME_SEAT_REPLAY), *spec = e->view(g, GAME_SEAT_SPECTATOR);
    like_spectator(all, spec, (const char *const[]){"battle", NULL}, replay_only);
    const json_t *ab = json_object_get(all, "battle"), *sb = json_object_get(spec, "battle");
    like_spectator(ab, sb, (const char *const[]){"robots", "legal", NULL}, NULL);
    seats_match(e, g, seats, all, battle_robot_of, "the robot in battle");
    const json_t *turn = json_object_get(ab, "turn");
    if (json_is_object(turn)) {
        int mover = (int)json_integer_value(json_object_get(turn, "seat"));
        json_t *mine = e->view(g, mover);
        same(json_object_get(ab, "legal"), json_object_get(json_object_get(mine, "battle"), "legal"),
             "what the robot to move may do");
        json_decref(mine);
    } else {
        cr_assert(json_is_null(json_object_get(ab, "legal")));
    }
    count(s, all, spec);
    json_decref(all);
    json_decref(spec);
}

Test(everything, robotwars_shows_every_allocation_and_the_movers_options)
{
    seen s = replay_all(&robotwars_engine, check_robotwars);
    cr_assert_gt(s.points, 100);
    cr_assert_gt(s.secrets, 0);
}

/* --- MANOOVER: nothing is secret, but the mover's legal moves show --- */

static void check_manoover(const game_engine *e, const game *g, int seats, seen *s)
{
    (void)seats;
    json_t *all = e->view(g, GAME_SEAT_REPLAY), *spec = e->view(g, GAME_SEAT_SPECTATOR);
    static const char *const added[] = {"legal", "replay", NULL};
    like_spectator(all, spec, NULL, added);
    int mover = (int)json_integer_value(json_object_get(all, "turn"));
    json_t *mine = e->view(g, mover);
    same(json_object_get(all, "legal"), json_object_get(mine, "legal"), "the mover's legal moves");
    json_decref(mine);
    count(s, all, spec);
    json_decref(all);
    json_decref(spec);
}

Test(everything, manoover_shows_the_legal_moves_of_the_seat_to_move)
{
    seen s = replay_all(&manoover_engine, check_manoover);
    cr_assert_gt(s.points, 100);
    cr_assert_gt(s.secrets, s.points / 2);
}

/* --- Ricochet: the pile, and the optimum while the round is played --- */

static void check_ricochet(const game_engine *e, const game *g, int seats, seen *s)
{
    (void)seats;
    json_t *all = e->view(g, GAME_SEAT_REPLAY), *spec = e->view(g, GAME_SEAT_SPECTATOR);
    static const char *const added[] = {"pile", "optimal", "replay", NULL};
    like_spectator(all, spec, NULL, added);
    const char *phase = json_string_value(json_object_get(all, "phase"));
    bool in_round = strcmp(phase, "bidding") == 0 || strcmp(phase, "demonstration") == 0;
    size_t left = (size_t)json_integer_value(json_object_get(all, "chips_left"));
    cr_assert_eq(json_array_size(json_object_get(all, "pile")) + in_round, left,
                 "the pile holds the chips left but the one on the table");
    const json_t *optimal = json_object_get(all, "optimal");
    if (in_round) {
        const char *status = json_string_value(json_object_get(optimal, "status"));
        cr_assert_not_null(status);
        s->extra += strcmp(status, "pending") != 0;
    } else {
        cr_assert(json_is_null(optimal));
    }
    count(s, all, spec);
    json_decref(all);
    json_decref(spec);
}

Test(everything, ricochet_shows_the_pile_and_the_rounds_optimum)
{
    seen s = replay_all(&ricochet_engine, check_ricochet);
    cr_assert_gt(s.points, 100);
    cr_assert_gt(s.extra, 0, "the solver's answer shows before its round ends");
}
