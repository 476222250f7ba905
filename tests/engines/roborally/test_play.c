/*
 * test_play.c: whole games. Random legal play (bots of every level, random
 * programs, drafts, missed deadlines, hostile actions) on every course with
 * two to eight robots and with option cards on and off, followed by the
 * replay check of the engine contract; bots always act legally and races
 * end; a search raced against its cancel flag still answers legally.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "util/rng.h"

/* A random program from the seat's hand: some registers, in a random
 * order, submitted or left as a draft. */
static json_t *random_program(const game *g, int seat, rng *r)
{
    int16_t hand[RR_HAND_MAX];
    int n = rr_game_hand(g, seat, hand);
    int order[RR_HAND_MAX];
    for (int i = 0; i < n; i++)
        order[i] = hand[i];
    rng_shuffle_ints(r, order, n);
    const rr_robot *rb = &rr_game_state(g)->robot[seat];
    bool submit = rng_below(r, 3) != 0;
    json_t *regs = json_array();
    int k = 0;
    for (int i = 0; i < RR_REGISTERS; i++) {
        bool locked = rr_register_locked(rb->damage, i);
        bool put = !locked && k < n && (submit || rng_below(r, 2));
        json_array_append_new(regs, put ? json_integer(order[k++]) : json_null());
    }
    return json_pack("{s:s, s:o, s:b, s:b}", "kind", "program", "registers", regs, "submit", submit,
                     "power_down", rb->damage > 0 && rng_below(r, 6) == 0);
}

/* Something a player should not send: refused, nothing changes. */
static json_t *hostile(const game *g, int seat, rng *r)
{
    int16_t hand[RR_HAND_MAX];
    int n = rr_game_hand(g, (seat + 1) % rr_game_seats(g), hand);
    switch (rng_below(r, 6)) {
    case 0: return json_pack("{s:s, s:[iiiii]}", "kind", "program", "registers", n ? hand[0] : 999, 20, 30, 40, 50);
    case 1: return json_pack("{s:s, s:s}", "kind", "reenter", "facing", "NE");
    case 2: return json_pack("{s:s, s:b}", "kind", "stay_down", "stay", 1);
    case 3: return json_pack("{s:s, s:i}", "kind", "program", "registers", 5);
    case 4: return json_string("program");
    default: return json_pack("{s:s, s:[nnnnn], s:s}", "kind", "program", "registers", "beam", "pressor");
    }
}

/* A race player: programs at random when asked (what 5, 6), sends hostile
 * input if `hostile_too` (7), moves the clock (8), or waits (9). */
static json_t *race_player(const game *g, int seat, unsigned what, rng *r, bool *tick, void *hostile_too)
{
    if (what < 7 && rr_game_needs(g, seat) == RR_NEED_PROGRAM)
        return random_program(g, seat, r);
    if (what == 7 && *(const bool *)hostile_too)
        return hostile(g, seat, r);
    *tick = what == 8;
    return NULL;
}

static void play_random(const char *options, int seats, uint64_t seed, int turns, bool hostile_too)
{
    rg_play_random(options, seats, seed, turns, 4000, race_player, &hostile_too);
}

Test(play, random_legal_play_on_every_course_replays_identically)
{
    for (int i = 0; i < rr_course_count; i++) {
        char options[128];
        snprintf(options, sizeof options, "{\"course\":\"%s\",\"options\":%s}", rr_courses[i].id,
                 i % 2 ? "true" : "false");
        play_random(options, 2 + i, (uint64_t)(100 + i), 8, true);
    }
}

Test(play, random_legal_play_with_eight_robots_and_option_cards_replays_identically)
{
    play_random("{\"options\":true,\"course\":\"dizzy_dash\"}", 8, 42, 6, true);
    play_random("{\"options\":true,\"course\":\"chop_shop_challenge\"}", 8, 43, 6, false);
}

/* Bots only, each seat acting as soon as it is asked. */
static game *bot_race(const char *options, const int *levels, int seats, uint64_t seed, int max_turns)
{
    replay_log log;
    game *g = replay_start(&log, &roborally_engine, options, seats, game_seeds_from(seed), NULL);
    json_t *events = json_array();
    int64_t now = 0;
    while (!roborally_engine.over(g) && rr_game_turn(g) <= max_turns) {
        bool acted = false;
        for (int s = 0; s < seats; s++) {
            int64_t wake;
            json_t *a = roborally_engine.bot(g, s, levels[s], now, seed + (uint64_t)now, &wake,
                                             &game_no_cancel);
            if (!a)
                continue;
            game_error err;
            cr_assert_eq(replay_act(&log, g, s, a, now, events, &err), 0,
                         "the level %d bot's action was refused: %s", levels[s], err.message);
            json_decref(a);
            json_array_clear(events);
            acted = true;
        }
        cr_assert(acted, "some bot always has something to do");
        now += 100;
    }
    cr_assert(replay_check(&log, g), "%s", log.problem);
    json_decref(events);
    replay_free(&log);
    return g;
}

Test(bots, bots_of_every_level_race_to_a_winner_on_every_course)
{
    for (int i = 0; i < rr_course_count; i++) {
        char options[96];
        snprintf(options, sizeof options, "{\"course\":\"%s\"}", rr_courses[i].id);
        int levels[4] = {0, 1, 2, 2};
        game *g = bot_race(options, levels, 4, (uint64_t)i + 5, 80);
        cr_assert(roborally_engine.over(g), "%s: the race ends", rr_courses[i].id);
        cr_assert_neq(rr_game_winners(g), 0u);
        roborally_engine.destroy(g);
    }
}

Test(bots, bots_play_with_option_cards_on)
{
    int levels[3] = {2, 1, 0};
    game *g = bot_race("{\"options\":true,\"course\":\"chop_shop_challenge\"}", levels, 3, 77, 80);
    cr_assert(roborally_engine.over(g));
    roborally_engine.destroy(g);
}

Test(bots, a_cancelled_search_still_answers_with_a_legal_program)
{
    game *g = rg_new(NULL, 2, 5);
    static const volatile int raised = 1;
    int64_t wake;
    json_t *a = roborally_engine.bot(g, 0, 2, 0, 9, &wake, &raised);
    cr_assert_not_null(a);
    game_error err;
    json_t *ev = json_array();
    cr_assert_eq(roborally_engine.act(g, 0, a, 1, ev, &err), 0, "%s", err.message);
    json_decref(ev);
    json_decref(a);
    roborally_engine.destroy(g);
}

Test(bots, a_bot_never_plays_a_card_outside_its_hand_or_moves_a_locked_register)
{
    game *g = rg_new("{\"course\":\"island_hop\"}", 2, 5);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].damage = 7;
    s->robot[0].reg[2] = 30, s->robot[0].reg[3] = 40, s->robot[0].reg[4] = 50;
    int hand[2] = {790, 800};
    rg_hand(g, 0, hand, 2);
    for (int level = 0; level < 3; level++) {
        int64_t wake;
        json_t *a = roborally_engine.bot(g, 0, level, 0, 3, &wake, &game_no_cancel);
        json_t *regs = json_object_get(a, "registers");
        for (int r = 2; r < 5; r++)
            cr_assert(json_is_null(json_array_get(regs, (size_t)r)), "a locked register is left alone");
        int a0 = (int)json_integer_value(json_array_get(regs, 0));
        int a1 = (int)json_integer_value(json_array_get(regs, 1));
        cr_assert((a0 == 790 && a1 == 800) || (a0 == 800 && a1 == 790));
        json_decref(a);
    }
    roborally_engine.destroy(g);
}

/* Risky Exchange: a board laser fires west over (11,2), (10,2), (9,2). */
static game *powered_down_at(int x, int y)
{
    game *g = rg_new("{\"course\":\"risky_exchange\"}", 2, 5);
    rr_state *s = rr_game_state_for_tests(g);
    s->floor.piece[0].cell = (int16_t)(y * 12 + x);
    s->floor.piece[0].facing = RR_N;
    s->floor.piece[1].cell = 0;
    s->floor.piece[1].facing = RR_N;
    s->robot[0].damage = 1;
    int spin[5] = {10, 20, 30, 40, 50}, turn[5] = {70, 80, 90, 100, 110};
    json_decref(rg_turn(g, spin, true, turn)); /* announces a power-down */
    cr_assert(s->robot[0].powered_down);
    if (!(x >= 9 && y == 2))
        s->robot[0].damage = 5; /* shot by someone, say; in the beam the board laser does it */
    rg_hand(g, 1, turn, 5);
    char *p = rg_program(g, turn, true, false);
    json_decref(rg_ok(g, 1, p));
    free(p);
    return g;
}

Test(bots, a_powered_down_bot_in_a_lasers_beam_gets_up_and_one_out_of_it_stays_down)
{
    for (int in_beam = 0; in_beam < 2; in_beam++) {
        game *g = powered_down_at(in_beam ? 10 : 5, in_beam ? 2 : 5);
        cr_assert_eq(rr_game_needs(g, 0), RR_NEED_STAY);
        cr_assert_eq(rr_game_state(g)->robot[0].damage, 5);
        int64_t wake;
        json_t *a = roborally_engine.bot(g, 0, 2, 0, 1, &wake, &game_no_cancel);
        cr_assert_eq(json_is_true(json_object_get(a, "stay")), !in_beam, "%s",
                     in_beam ? "gets up out of the beam" : "stays down to repair");
        json_decref(a);
        roborally_engine.destroy(g);
    }
}
