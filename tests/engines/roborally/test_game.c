/*
 * test_game.c: the game around the rules: the courses as data, room
 * options, dealing (9 minus damage, locked cards kept out of the deal),
 * programming with its timers and the random fill, power-down, destruction
 * and re-entry with the owner's facing, the end of the race, and hostile
 * input (each refused with a clear error and nothing changed).
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* ---- the courses, as data ---- */

static json_t *load(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s/%s.json", RR_DATA_DIR, dir, name);
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    cr_assert_not_null(j, "%s: %s", path, e.text);
    return j;
}

static int dir_of(json_t *s)
{
    return rr_dir_parse(json_string_value(s));
}

/* FORMAT.md's placement table, written again here so the generator is
 * checked against an independent reading of the data. */
static int place(const rr_course *c, json_t *placement, json_t *board, int bx, int by)
{
    int w = (int)json_integer_value(json_object_get(board, "width"));
    int h = (int)json_integer_value(json_object_get(board, "height"));
    int x = (int)json_integer_value(json_object_get(placement, "x"));
    int y = (int)json_integer_value(json_object_get(placement, "y"));
    int q = (int)json_integer_value(json_object_get(placement, "rotation")) & 3;
    int cx[4] = {x + bx, x + h - 1 - by, x + w - 1 - bx, x + by};
    int cy[4] = {y + by, y + bx, y + h - 1 - by, y + w - 1 - bx};
    return cy[q] * c->width + cx[q];
}

static void check_course(const rr_course *c)
{
    json_t *cj = load("courses", c->id);
    cr_assert_eq(c->width, json_integer_value(json_object_get(cj, "width")));
    cr_assert_eq(c->height, json_integer_value(json_object_get(cj, "height")));
    json_t *flags = json_object_get(cj, "flags");
    cr_assert_eq(c->nflags, (int)json_array_size(flags));
    size_t i;
    json_t *f;
    json_array_foreach(flags, i, f) {
        int cell = (int)(json_integer_value(json_object_get(f, "y")) * c->width +
                         json_integer_value(json_object_get(f, "x")));
        cr_assert_eq(c->flags[i], cell, "%s flag %zu", c->id, i + 1);
        cr_assert_neq(c->cells[cell].kind, RR_PIT);
    }
    int lasers = 0, docks = 0;
    json_t *placement;
    json_array_foreach(json_object_get(cj, "boards"), i, placement) {
        json_t *b = load("boards", json_string_value(json_object_get(placement, "board")));
        int q = (int)json_integer_value(json_object_get(placement, "rotation")) & 3;
        size_t k;
        json_t *cell;
        json_array_foreach(json_object_get(b, "cells"), k, cell) {
            int at = place(c, placement, b, (int)json_integer_value(json_object_get(cell, "x")),
                           (int)json_integer_value(json_object_get(cell, "y")));
            const rr_cell *e = &c->cells[at];
            const char *floor = json_string_value(json_object_get(cell, "floor"));
            json_t *belt = json_object_get(cell, "conveyor");
            if (floor && strcmp(floor, "pit") == 0)
                cr_assert_eq(e->kind, RR_PIT, "%s cell %d", c->id, at);
            if (belt) {
                cr_assert(rr_is_belt(e), "%s cell %d is a belt", c->id, at);
                cr_assert_eq(e->out, rr_turned(dir_of(json_object_get(belt, "out")), q));
            }
            if (json_object_get(cell, "gear"))
                cr_assert(e->kind == RR_GEAR_CW || e->kind == RR_GEAR_CCW);
            if (json_object_get(cell, "repair"))
                cr_assert(e->kind == RR_WRENCH || e->kind == RR_WRENCH_HAMMER);
            size_t w;
            json_t *wall;
            json_array_foreach(json_object_get(cell, "walls"), w, wall)
                cr_assert(e->walls & (1u << rr_turned(dir_of(wall), q)), "%s cell %d wall", c->id, at);
        }
        lasers += (int)json_array_size(json_object_get(b, "lasers"));
        docks += (int)json_array_size(json_object_get(b, "starts"));
        json_decref(b);
    }
    cr_assert_eq(c->nlasers, lasers);
    cr_assert_eq(c->ndocks, docks);
    for (int d = 0; d < c->ndocks; d++)
        cr_assert_eq(c->cells[c->docks[d].cell].dock, d + 1);
    json_decref(cj);
}

Test(courses, each_course_is_loaded_from_the_data_and_matches_it)
{
    cr_assert_eq(rr_course_count, 5);
    for (int i = 0; i < rr_course_count; i++)
        check_course(&rr_courses[i]);
}

Test(courses, each_course_makes_a_game_of_two_to_eight_robots_on_its_docks)
{
    for (int i = 0; i < rr_course_count; i++) {
        char options[96];
        snprintf(options, sizeof options, "{\"course\":\"%s\"}", rr_courses[i].id);
        for (int seats = 2; seats <= 8; seats += 6) {
            game *g = rg_new(options, seats, 7);
            const rr_state *s = rr_game_state(g);
            for (int k = 0; k < seats; k++) {
                cr_assert_eq(s->floor.piece[k].cell, rr_courses[i].docks[k].cell, "seat %d on dock %d", k, k + 1);
                cr_assert_eq(s->robot[k].lives, RR_LIVES);
            }
            roborally_engine.destroy(g);
        }
    }
}

Test(courses, the_room_refuses_one_robot_nine_robots_unknown_courses_and_modes)
{
    game_error err;
    cr_assert_null(game_create_with(&roborally_engine, NULL, 1, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&roborally_engine, NULL, 9, 1, &err));
    cr_assert_null(game_create_with(&roborally_engine, "{\"course\":\"nowhere\"}", 2, 1, &err));
    cr_assert_null(game_create_with(&roborally_engine, "{\"mode\":\"soccer\"}", 2, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
}

/* ---- dealing ---- */

Test(deal, each_robot_gets_nine_cards_all_different)
{
    game *g = rg_new(NULL, 8, 3);
    int16_t seen[RR_DECK] = {0};
    int total = 0;
    for (int s = 0; s < 8; s++) {
        int16_t hand[RR_HAND_MAX];
        int n = rr_game_hand(g, s, hand);
        cr_assert_eq(n, 9);
        for (int k = 0; k < n; k++) {
            cr_assert(rr_card_kind_of(hand[k]) >= 0);
            for (int j = 0; j < total; j++)
                cr_assert_neq(seen[j], hand[k], "card %d dealt twice", hand[k]);
            seen[total++] = hand[k];
        }
    }
    roborally_engine.destroy(g);
}

Test(deal, hands_come_from_the_secret_stream_not_the_open_seed)
{
    json_t *options = game_options_resolve(&roborally_engine, NULL, NULL);
    game *a = roborally_engine.create(options, 2, (game_seeds){.seed = 5, .secret = 11}, NULL);
    game *b = roborally_engine.create(options, 2, (game_seeds){.seed = 5, .secret = 12}, NULL);
    int16_t ha[9], hb[9];
    rr_game_hand(a, 0, ha);
    rr_game_hand(b, 0, hb);
    cr_assert(memcmp(ha, hb, sizeof ha) != 0, "the same open seed, other secrets: other hands");
    roborally_engine.destroy(a);
    roborally_engine.destroy(b);
    json_decref(options);
}

/* Island Hop: docks 1 and 2 are (5,14) and (6,14) with a wall between. */
#define ISLAND "{\"course\":\"island_hop\"}"

/* Seat 0 spins in place on U-turns (announcing a power-down if down0);
 * seat 1 turns left and right behind its wall: nobody moves, nobody is shot. */
static void quiet_turn(game *g, bool down0)
{
    json_decref(rg_turn(g, (int[]){10, 20, 30, 40, 50}, down0, (int[]){70, 80, 90, 100, 110}));
}

Test(deal, a_damaged_robot_is_dealt_nine_cards_minus_its_damage)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].damage = 3;
    quiet_turn(g, false);
    cr_assert_eq(rr_game_turn(g), 2);
    int16_t hand[RR_HAND_MAX];
    cr_assert_eq(rr_game_hand(g, 0, hand), 6);
    cr_assert_eq(rr_game_hand(g, 1, hand), 9);
    roborally_engine.destroy(g);
}

Test(locked, locked_registers_keep_their_cards_which_are_not_dealt_and_cannot_change)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].damage = 6; /* registers 4 and 5 locked */
    s->robot[0].reg[3] = 40;
    s->robot[0].reg[4] = 50;
    s->robot[0].shown = 0x18;
    int h0[3] = {10, 20, 30};
    rg_hand(g, 0, h0, 3);
    int changed[5] = {10, 20, 30, 60, 0};
    char *bad = rg_program(g, changed, true, false);
    rg_refused(g, 0, bad, "illegal");
    free(bad);
    /* The spectator sees the locked cards, revealed when they last ran. */
    json_t *v = roborally_engine.view(g, GAME_SEAT_SPECTATOR);
    json_t *r0 = json_array_get(json_object_get(v, "robots"), 0);
    json_t *regs = json_object_get(r0, "registers");
    cr_assert_eq(json_integer_value(json_array_get(regs, 4)), 50);
    cr_assert_eq(json_integer_value(json_object_get(r0, "locked")), 2);
    cr_assert(json_is_null(json_array_get(regs, 0)));
    json_decref(v);
    int h1[5] = {70, 80, 90, 100, 110};
    rg_hand(g, 1, h1, 5);
    int p0[5] = {10, 20, 30, 40, 0}; /* a locked register may repeat its own card */
    char *a = rg_program(g, p0, true, false), *b = rg_program(g, h1, true, false);
    json_decref(rg_ok(g, 0, a));
    json_t *ev = rg_ok(g, 1, b);
    free(a);
    free(b);
    char *text = rg_dump(ev);
    cr_assert(strstr(text, "\"card\":50,\"seat\":0") || strstr(text, "\"card\": 50"), "register 5 ran the locked card: %s", text);
    free(text);
    json_decref(ev);
    cr_assert_eq(rr_game_turn(g), 2);
    cr_assert_eq(s->robot[0].damage, 6);
    cr_assert_eq(s->robot[0].reg[3], 40, "still locked with its card");
    cr_assert_eq(s->robot[0].reg[4], 50);
    cr_assert_eq(s->robot[0].reg[0], 0, "unlocked registers were cleared");
    int16_t hand[RR_HAND_MAX];
    cr_assert_eq(rr_game_hand(g, 0, hand), 3);
    for (int seat = 0; seat < 2; seat++) {
        int n = rr_game_hand(g, seat, hand);
        for (int k = 0; k < n; k++)
            cr_assert(hand[k] != 40 && hand[k] != 50, "a locked card is never dealt");
    }
    roborally_engine.destroy(g);
}

Test(locked, a_locked_register_with_no_card_gets_the_top_card_at_the_deal)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].damage = 1;
    quiet_turn(g, true); /* powered down next turn: registers cleared */
    cr_assert(s->robot[0].powered_down);
    s->robot[0].damage = 7; /* shot while powered down, say */
    int h1[5] = {70, 80, 90, 100, 110};
    rg_hand(g, 1, h1, 5);
    char *b = rg_program(g, h1, true, false);
    json_decref(rg_ok(g, 1, b)); /* the only program: the turn runs */
    free(b);
    json_decref(rg_ok(g, 0, "{\"kind\":\"stay_down\",\"stay\":false}"));
    cr_assert_eq(rr_game_turn(g), 3);
    cr_assert(!s->robot[0].powered_down);
    cr_assert_eq(s->robot[0].damage, 7);
    for (int r = 2; r < 5; r++)
        cr_assert(rr_card_kind_of(s->robot[0].reg[r]) >= 0, "register %d filled from the deck", r + 1);
    /* Not revealed: nobody else sees those cards. */
    json_t *v = roborally_engine.view(g, 1);
    json_t *regs = json_object_get(json_array_get(json_object_get(v, "robots"), 0), "registers");
    cr_assert(json_is_null(json_array_get(regs, 4)));
    json_decref(v);
    roborally_engine.destroy(g);
}

/* ---- timers and the random fill ---- */

/* Locks in seat s's first five cards; returns the events (caller decrefs). */
static json_t *lock_in(game *g, int s)
{
    int16_t hand[9];
    rr_game_hand(g, s, hand);
    int regs[5] = {hand[0], hand[1], hand[2], hand[3], hand[4]};
    char *p = rg_program(g, regs, true, false);
    json_t *ev = rg_ok(g, s, p);
    free(p);
    return ev;
}

/* RULINGS §5: "when all but one have finished, the last gets 30 seconds
 * (option program_s)": between players who take longer than program_s. */
Test(timers, once_all_others_have_programmed_the_last_gets_program_s)
{
    game *g = rg_new("{\"program_s\":30,\"turn_s\":180}", 3, 9);
    cr_assert_eq(roborally_engine.deadline(g), 180000, "turn_s from the deal");
    rr_now = 40000;
    json_decref(lock_in(g, 0));
    json_t *ev = lock_in(g, 1);
    json_t *timer = rg_event(ev, "timer");
    cr_assert_not_null(timer, "the last programmer's timer starts");
    cr_assert_eq(json_integer_value(json_object_get(timer, "deadline")), 40001 + 30000);
    json_decref(ev);
    cr_assert_eq(roborally_engine.deadline(g), 40001 + 30000);
    roborally_engine.destroy(g);
}

/* Decided by the engine (PROTOCOL.md): the countdown of the last programmer
 * starts program_s after programming opened at the earliest, so that seats
 * locking in at once (bots) do not make a newcomer's every turn a race. */
Test(timers, seats_that_lock_in_at_once_leave_the_last_programmer_twice_program_s)
{
    game *g = rg_new("{\"program_s\":30,\"turn_s\":180}", 3, 9);
    rr_now = 1000;
    json_decref(lock_in(g, 0));
    json_t *ev = lock_in(g, 1);
    json_t *timer = rg_event(ev, "timer");
    cr_assert_not_null(timer);
    cr_assert_eq(json_integer_value(json_object_get(timer, "deadline")), 30000 + 30000,
                 "program_s from program_s after the deal");
    json_decref(ev);
    json_t *v = roborally_engine.view(g, 2);
    cr_assert_str_eq(json_string_value(json_object_get(v, "timer")), "last");
    cr_assert_eq(json_integer_value(json_object_get(v, "deadline")), 60000);
    json_decref(v);
    roborally_engine.destroy(g);
}

/* A seed whose first turn, each seat locking in its first five cards,
 * destroys nobody on the default course. */
enum { SEED_NOBODY_FALLS = 3 };

/* The playback of `events` as PROTOCOL.md counts it: a frame per reveal
 * and per frame of a step (one for a step with none), frame_ms each, at
 * most max_ms. Sets *frames to the count. */
static int64_t playback_of(const json_t *events, int *frames)
{
    size_t i;
    json_t *e;
    *frames = 0;
    json_array_foreach(events, i, e) {
        json_t *f = json_object_get(e, "frames");
        if (f)
            *frames += json_array_size(f) ? (int)json_array_size(f) : 1;
        else if (strcmp(json_string_value(json_object_get(e, "kind")), "reveal") == 0)
            (*frames)++;
    }
    int64_t ms = (int64_t)*frames * rr_playback.frame_ms;
    return ms < rr_playback.max_ms ? ms : rr_playback.max_ms;
}

/* PROTOCOL.md, "Playback": the next turn's programming opens (its turn_s
 * runs, and program_s at the earliest) once the clients have played the
 * register phases back. */
Test(timers, the_next_turn_opens_once_the_register_phases_have_been_played_back)
{
    game *g = rg_new("{\"program_s\":30,\"turn_s\":180}", 2, SEED_NOBODY_FALLS);
    rr_now = 5000;
    json_decref(lock_in(g, 0));
    json_t *ev = lock_in(g, 1); /* at 5001 the registers run */
    int frames;
    int64_t play = playback_of(ev, &frames);
    cr_assert_gt(frames, 5, "a turn plays back in many frames (%d)", frames);
    cr_assert_eq(play, (int64_t)frames * rr_playback.frame_ms, "two robots stay under the cap");
    json_t *turn = rg_event(ev, "turn");
    cr_assert_not_null(turn, "no robot was destroyed: the next turn");
    cr_assert_eq(json_integer_value(json_object_get(turn, "deadline")), 5001 + play + 180000);
    json_decref(ev);
    rr_now = 5001 + play + 31000;
    ev = lock_in(g, 0);
    json_t *timer = rg_event(ev, "timer");
    cr_assert_eq(json_integer_value(json_object_get(timer, "deadline")), rr_now - 1 + 30000,
                 "program_s past, the seed's timer");
    json_decref(ev);
    roborally_engine.destroy(g);
}

/* Programs locked in while the turn before still plays back: the clients
 * play the new turn after it, and the engine counts from then. */
Test(timers, registers_run_during_a_playback_are_played_back_after_it)
{
    game *g = rg_new("{\"program_s\":30,\"turn_s\":180}", 2, SEED_NOBODY_FALLS);
    rr_now = 5000;
    json_decref(lock_in(g, 0));
    json_t *ev = lock_in(g, 1);
    int frames;
    int64_t first = playback_of(ev, &frames);
    cr_assert_gt(first, 2000);
    cr_assert_not_null(rg_event(ev, "turn"));
    json_decref(ev);
    rr_now = 6000; /* well inside that playback */
    json_decref(lock_in(g, 0));
    ev = lock_in(g, 1);
    int64_t play = playback_of(ev, &frames);
    json_t *next = rg_event(ev, "turn"), *choose = rg_event(ev, "choose");
    cr_assert(next || choose);
    cr_assert_eq(json_integer_value(json_object_get(choose ? choose : next, "deadline")),
                 5001 + first + play + (choose ? 30000 : 180000));
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(timers, a_long_playback_is_allowed_for_up_to_its_cap)
{
    game *g = rg_new("{\"course\":\"checkmate\",\"program_s\":30,\"turn_s\":180}", 8, 9);
    rr_now = 100;
    json_t *ev = rg_all_program(g);
    int frames;
    int64_t play = playback_of(ev, &frames);
    cr_assert_gt((int64_t)frames * rr_playback.frame_ms, rr_playback.max_ms,
                 "eight robots make a long turn (%d frames)", frames);
    cr_assert_eq(play, rr_playback.max_ms);
    /* The next turn, or the clean-up choices when a robot was destroyed. */
    json_t *turn = rg_event(ev, "turn"), *choose = rg_event(ev, "choose");
    cr_assert(turn || choose);
    cr_assert_eq(json_integer_value(json_object_get(choose ? choose : turn, "deadline")),
                 107 + rr_playback.max_ms + (choose ? 30000 : 180000));
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(timers, no_programming_phase_outlasts_turn_s)
{
    game *g = rg_new("{\"program_s\":600,\"turn_s\":60}", 2, 9);
    rr_now = 50000;
    int16_t hand[9];
    rr_game_hand(g, 0, hand);
    int regs[5] = {hand[0], hand[1], hand[2], hand[3], hand[4]};
    char *p = rg_program(g, regs, true, false);
    json_decref(rg_ok(g, 0, p));
    free(p);
    cr_assert_eq(roborally_engine.deadline(g), 60000);
    roborally_engine.destroy(g);
}

Test(timers, at_the_deadline_empty_registers_are_filled_at_random_from_the_hand)
{
    game *g = rg_new(ISLAND, 2, 21);
    int16_t hand0[9], hand1[9];
    rr_game_hand(g, 0, hand0);
    int n1 = rr_game_hand(g, 1, hand1);
    rr_now = 10;
    int regs[5] = {hand0[0], hand0[1], hand0[2], hand0[3], hand0[4]};
    char *p = rg_program(g, regs, true, false);
    json_decref(rg_ok(g, 0, p));
    free(p);
    /* Seat 1 drafts register 2 and never submits. */
    int draft[5] = {0, hand1[4], 0, 0, 0};
    p = rg_program(g, draft, false, false);
    json_decref(rg_ok(g, 1, p));
    free(p);
    int64_t deadline = roborally_engine.deadline(g);
    json_t *ev = json_array();
    roborally_engine.tick(g, deadline - 1, ev);
    cr_assert_eq(json_array_size(ev), 0, "nothing before the deadline");
    roborally_engine.tick(g, deadline, ev);
    json_t *filled = rg_event(ev, "filled");
    cr_assert_not_null(filled);
    cr_assert_eq(json_integer_value(json_object_get(filled, "seat")), 1);
    cr_assert_eq(json_array_size(json_object_get(filled, "registers")), 4, "the draft's card stays");
    /* The cards seat 1 revealed all come from its hand, register 2 as drafted. */
    size_t i;
    json_t *e;
    int reg = 0;
    json_array_foreach(ev, i, e) {
        if (strcmp(json_string_value(json_object_get(e, "kind")), "reveal") != 0)
            continue;
        reg++;
        size_t k;
        json_t *c;
        json_array_foreach(json_object_get(e, "cards"), k, c) {
            if (json_integer_value(json_object_get(c, "seat")) != 1)
                continue;
            int card = (int)json_integer_value(json_object_get(c, "card"));
            bool mine = false;
            for (int h = 0; h < n1; h++)
                mine |= hand1[h] == card;
            cr_assert(mine, "card %d from seat 1's hand", card);
            if (reg == 2)
                cr_assert_eq(card, hand1[4]);
        }
    }
    cr_assert(reg >= 1);
    json_decref(ev);
    roborally_engine.destroy(g);
}

/* ---- power-down ---- */

Test(power, a_damaged_robot_announces_a_power_down_and_sits_out_the_next_turn)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].damage = 3;
    int h0[6] = {10, 20, 30, 40, 50, 60}, h1[5] = {70, 80, 90, 100, 110};
    rg_hand(g, 0, h0, 6);
    rg_hand(g, 1, h1, 5);
    char *a = rg_program(g, h0, true, true), *b = rg_program(g, h1, true, false);
    json_decref(rg_ok(g, 0, a));
    json_t *ev = rg_ok(g, 1, b);
    free(a);
    free(b);
    json_t *programs = rg_event(ev, "programs");
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(programs, "power_down"), 0)), 0,
                 "the announcement is made public when the registers run");
    json_decref(ev);
    cr_assert(s->robot[0].powered_down);
    cr_assert_eq(s->robot[0].damage, 0, "a powered-down robot discards all damage");
    int16_t hand[9];
    cr_assert_eq(rr_game_hand(g, 0, hand), 0, "and gets no cards");
    cr_assert_eq(rr_game_needs(g, 0), RR_NEED_NOTHING);
    int none[5] = {10, 20, 30, 40, 50};
    char *p = rg_program(g, none, true, false);
    rg_refused(g, 0, p, "not_your_turn");
    free(p);
    roborally_engine.destroy(g);
}

Test(power, an_undamaged_robot_cannot_announce_a_power_down)
{
    game *g = rg_new(ISLAND, 2, 4);
    int16_t hand[9];
    rr_game_hand(g, 0, hand);
    int regs[5] = {hand[0], hand[1], hand[2], hand[3], hand[4]};
    char *p = rg_program(g, regs, true, true);
    rg_refused(g, 0, p, "illegal");
    free(p);
    roborally_engine.destroy(g);
}

Test(power, a_powered_down_robot_damaged_during_its_turn_may_stay_down)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].damage = 2;
    quiet_turn(g, true);
    cr_assert(s->robot[0].powered_down);
    s->robot[0].damage = 2; /* shot during the powered-down turn */
    int h1[5] = {70, 80, 90, 100, 110};
    rg_hand(g, 1, h1, 5);
    char *b = rg_program(g, h1, true, false);
    json_t *ev = rg_ok(g, 1, b);
    free(b);
    cr_assert_eq(rr_game_phase(g), RR_PHASE_CHOOSE);
    cr_assert_eq(rr_game_needs(g, 0), RR_NEED_STAY);
    cr_assert_not_null(rg_event(ev, "choose"));
    json_decref(ev);
    rg_refused(g, 1, "{\"kind\":\"stay_down\",\"stay\":true}", "not_your_turn");
    rg_refused(g, 0, "{\"kind\":\"stay_down\"}", "bad_action");
    json_decref(rg_ok(g, 0, "{\"kind\":\"stay_down\",\"stay\":true}"));
    cr_assert_eq(rr_game_phase(g), RR_PHASE_PROGRAM);
    cr_assert(s->robot[0].powered_down, "down for another turn");
    cr_assert_eq(s->robot[0].damage, 0);
    roborally_engine.destroy(g);
}

/* ---- destruction and re-entry ---- */

/* Seat 0 on (0,1) facing east: (1,1) is a pit. Returns the events of the
 * turn (caller decrefs). */
static json_t *walk_into_pit_events(game *g, bool seat1_too);

static void walk_into_pit(game *g, bool seat1_too)
{
    json_decref(walk_into_pit_events(g, seat1_too));
}

static json_t *walk_into_pit_events(game *g, bool seat1_too)
{
    rr_state *s = rr_game_state_for_tests(g);
    s->floor.piece[0].cell = (int16_t)(1 * 12 + 0);
    s->floor.piece[0].facing = RR_E;
    if (seat1_too) {
        s->floor.piece[1].cell = (int16_t)(1 * 12 + 3); /* (2,1) is a pit to its west */
        s->floor.piece[1].facing = RR_W;
    }
    int h0[5] = {490, 500, 510, 520, 530};
    int h1[5] = {540, 550, 560, 570, 580};
    int h1quiet[5] = {70, 80, 90, 100, 110};
    return rg_turn(g, h0, false, seat1_too ? h1 : h1quiet);
}

Test(reentry, a_destroyed_robot_sits_out_the_rest_of_the_turn)
{
    game *g = rg_new(ISLAND, 2, 4);
    json_t *ev = walk_into_pit_events(g, false);
    size_t i;
    json_t *e;
    int shown = 0;
    json_array_foreach(ev, i, e) {
        if (strcmp(json_string_value(json_object_get(e, "kind")), "reveal") != 0)
            continue;
        size_t k;
        json_t *c;
        json_array_foreach(json_object_get(e, "cards"), k, c) shown += json_integer_value(json_object_get(c, "seat")) == 0;
    }
    cr_assert_eq(shown, 1, "its card of register 1 ran, none after");
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(reentry, a_robot_destroyed_in_a_pit_reenters_on_its_archive_facing_its_owners_choice)
{
    game *g = rg_new(ISLAND, 2, 4);
    const rr_state *s = rr_game_state(g);
    int dock = s->robot[0].archive;
    walk_into_pit(g, false);
    cr_assert_eq(rr_game_phase(g), RR_PHASE_CHOOSE);
    cr_assert_eq(rr_game_needs(g, 0), RR_NEED_REENTER);
    cr_assert_eq(s->robot[0].lives, 2);
    rg_refused(g, 0, "{\"kind\":\"reenter\",\"facing\":\"up\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"stay_down\",\"stay\":true}", "not_your_turn");
    json_t *ev = rg_ok(g, 0, "{\"kind\":\"reenter\",\"facing\":\"E\"}");
    char *text = rg_dump(ev);
    cr_assert(strstr(text, "\"do\":\"reenter\""), "%s", text);
    free(text);
    json_decref(ev);
    cr_assert_eq(rr_game_phase(g), RR_PHASE_PROGRAM);
    cr_assert_eq(s->floor.piece[0].cell, dock);
    cr_assert_eq(s->floor.piece[0].facing, RR_E);
    cr_assert_eq(s->robot[0].damage, 2);
    int16_t hand[9];
    cr_assert_eq(rr_game_hand(g, 0, hand), 7, "9 minus the 2 re-entry damage");
    roborally_engine.destroy(g);
}

Test(reentry, the_clean_up_choices_open_once_the_turn_has_been_played_back)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_now = 2000;
    json_t *ev = walk_into_pit_events(g, false); /* the registers run at 2001 */
    int frames;
    int64_t play = playback_of(ev, &frames);
    json_t *choose = rg_event(ev, "choose");
    cr_assert_not_null(choose);
    cr_assert_eq(json_integer_value(json_object_get(choose, "deadline")), 2001 + play + 30000);
    cr_assert_eq(roborally_engine.deadline(g), 2001 + play + 30000);
    json_decref(ev);
    rr_now = 3000; /* chosen at once (as a bot does), while the turn still plays back */
    ev = rg_ok(g, 0, "{\"kind\":\"reenter\",\"facing\":\"E\"}");
    int64_t reentry = playback_of(ev, &frames);
    cr_assert_eq(frames, 1, "the re-entry: one frame");
    json_t *turn = rg_event(ev, "turn");
    cr_assert_eq(json_integer_value(json_object_get(turn, "deadline")), 2001 + play + reentry + 180000,
                 "the next turn opens after the turn's playback and the re-entry's");
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(reentry, an_owner_who_does_not_choose_in_time_gets_the_facing_the_robot_had)
{
    game *g = rg_new(ISLAND, 2, 4);
    walk_into_pit(g, false);
    int64_t deadline = roborally_engine.deadline(g);
    rg_refused(g, 0, "{\"kind\":\"reenter\",\"facing\":\"W\",\"turn\":7}", "illegal");
    json_t *ev = json_array();
    roborally_engine.tick(g, deadline, ev);
    json_decref(ev);
    cr_assert_eq(rr_game_phase(g), RR_PHASE_PROGRAM);
    cr_assert_eq(rr_game_state(g)->floor.piece[0].facing, RR_E);
    roborally_engine.destroy(g);
}

/* PROTOCOL.md's view: last_cards are "the cards revealed last turn"; the
 * card of the register in which a robot was destroyed was revealed too
 * (its reveal event listed it), so the next turn shows it. */
Test(reentry, last_cards_keep_the_card_revealed_in_the_register_in_which_the_robot_was_destroyed)
{
    game *g = rg_new(ISLAND, 2, 4);
    json_t *ev = walk_into_pit_events(g, false);
    json_t *reveal = rg_event(ev, "reveal");
    json_t *first = NULL;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(reveal, "cards"), i, c) {
        if (json_integer_value(json_object_get(c, "seat")) == 0)
            first = c;
    }
    cr_assert_not_null(first, "register 1 reveals seat 0's card");
    int revealed = (int)json_integer_value(json_object_get(first, "card"));
    json_decref(ev);
    json_decref(rg_ok(g, 0, "{\"kind\":\"reenter\",\"facing\":\"E\"}"));
    cr_assert_eq(rr_game_turn(g), 2);
    for (int seat = -1; seat < 2; seat++) {
        json_t *v = roborally_engine.view(g, seat);
        json_t *last = json_object_get(json_array_get(json_object_get(v, "robots"), 0), "last_cards");
        cr_assert_eq(json_integer_value(json_array_get(last, 0)), revealed,
                     "seat %d sees the card of register 1 (%d)", seat, revealed);
        for (size_t r = 1; r < 5; r++)
            cr_assert(json_is_null(json_array_get(last, r)), "no card ran in register %zu", r + 1);
        json_decref(v);
    }
    roborally_engine.destroy(g);
}

Test(reentry, a_robot_may_reenter_powered_down)
{
    game *g = rg_new(ISLAND, 2, 4);
    walk_into_pit(g, false);
    json_decref(rg_ok(g, 0, "{\"kind\":\"reenter\",\"facing\":\"N\",\"power_down\":true}"));
    const rr_state *s = rr_game_state(g);
    cr_assert(s->robot[0].powered_down);
    cr_assert_eq(s->robot[0].damage, 0);
    roborally_engine.destroy(g);
}

/* ---- the end ---- */

Test(end, the_first_robot_to_touch_the_last_flag_wins_at_the_end_of_that_register)
{
    game *g = rg_new("{\"course\":\"checkmate\"}", 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].flags = 1;
    s->floor.piece[0].cell = (int16_t)(9 * 12 + 3); /* below flag 2 at (3,8) */
    s->floor.piece[0].facing = RR_N;
    json_t *ev = rg_turn(g, (int[]){490, 830, 820, 810, 800}, false, (int[]){70, 80, 90, 100, 110});
    cr_assert(roborally_engine.over(g));
    cr_assert_eq(rr_game_winners(g), 1u);
    int reveals = 0;
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) reveals += strcmp(json_string_value(json_object_get(e, "kind")), "reveal") == 0;
    cr_assert_eq(reveals, 1, "the race ends after register 1");
    json_t *over = rg_event(ev, "over");
    cr_assert_str_eq(json_string_value(json_object_get(over, "reason")), "finish");
    json_decref(ev);
    json_t *result = roborally_engine.result(g);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(result, "winners"), 0)), 0);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(result, "scores"), 0)), 2);
    json_decref(result);
    rg_refused(g, 1, "{\"kind\":\"program\",\"registers\":[70,80,90,100,110]}", "not_your_turn");
    roborally_engine.destroy(g);
}

Test(end, when_every_robot_is_out_of_lives_the_most_flags_wins)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].lives = 1;
    s->robot[1].lives = 1;
    s->robot[1].flags = 1;
    walk_into_pit(g, true);
    cr_assert(roborally_engine.over(g));
    cr_assert_eq(rr_game_winners(g), 2u);
    json_t *result = roborally_engine.result(g);
    cr_assert_str_eq(json_string_value(json_object_get(result, "reason")), "out_of_lives");
    json_decref(result);
    roborally_engine.destroy(g);
}

Test(end, robots_out_of_lives_with_equal_flags_share_the_win)
{
    game *g = rg_new(ISLAND, 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].lives = 1;
    s->robot[1].lives = 1;
    walk_into_pit(g, true);
    cr_assert_eq(rr_game_winners(g), 3u);
    roborally_engine.destroy(g);
}

/* ---- hostile input ---- */

Test(hostile, garbage_and_wrong_shapes_are_refused_and_change_nothing)
{
    game *g = rg_new(NULL, 2, 4);
    rg_refused(g, 0, "42", "bad_action");
    rg_refused(g, 0, "[]", "bad_action");
    rg_refused(g, 0, "{}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"fly\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":7}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":\"all\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[1,2,3,4]}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[\"a\",null,null,null,null]}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[99999999999,null,null,null,null]}", "illegal");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[-10,null,null,null,null]}", "illegal");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[null,null,null,null,null],\"submit\":\"yes\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[null,null,null,null,null],\"turn\":\"one\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[null,null,null,null,null],\"beam\":\"death\"}", "bad_action");
    rg_refused(g, GAME_SEAT_SPECTATOR, "{\"kind\":\"program\",\"registers\":[null,null,null,null,null]}", "not_your_turn");
    rg_refused(g, 5, "{\"kind\":\"program\",\"registers\":[null,null,null,null,null]}", "not_your_turn");
    rg_refused(g, 0, "{\"kind\":\"reenter\",\"facing\":\"N\"}", "not_your_turn");
    roborally_engine.destroy(g);
}

Test(hostile, a_card_not_in_your_hand_or_used_twice_is_refused)
{
    game *g = rg_new(NULL, 2, 4);
    int16_t mine[9], theirs[9];
    rr_game_hand(g, 0, mine);
    rr_game_hand(g, 1, theirs);
    int regs[5] = {theirs[0], mine[1], mine[2], mine[3], mine[4]};
    char *p = rg_program(g, regs, true, false);
    rg_refused(g, 0, p, "illegal");
    free(p);
    int twice[5] = {mine[0], mine[0], mine[2], mine[3], mine[4]};
    p = rg_program(g, twice, true, false);
    rg_refused(g, 0, p, "illegal");
    free(p);
    int partial[5] = {mine[0], 0, mine[2], mine[3], mine[4]};
    p = rg_program(g, partial, true, false);
    rg_refused(g, 0, p, "illegal");
    free(p);
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[null,null,null,null,null],\"submit\":false,\"beam\":\"tractor\"}", "illegal");
    roborally_engine.destroy(g);
}

Test(hostile, programming_after_the_deadline_or_twice_or_for_another_turn_is_refused)
{
    game *g = rg_new("{\"turn_s\":60}", 2, 4);
    int16_t mine[9];
    rr_game_hand(g, 0, mine);
    int regs[5] = {mine[0], mine[1], mine[2], mine[3], mine[4]};
    char *p = rg_program(g, regs, true, false);
    char stale[300];
    snprintf(stale, sizeof stale, "{\"kind\":\"program\",\"turn\":2,\"registers\":[%d,%d,%d,%d,%d]}", mine[0],
             mine[1], mine[2], mine[3], mine[4]);
    rg_refused(g, 0, stale, "illegal");
    rr_now = 60000;
    rg_refused(g, 0, p, "illegal");
    rr_now = 10;
    json_decref(rg_ok(g, 0, p));
    rg_refused(g, 0, p, "illegal");
    free(p);
    roborally_engine.destroy(g);
}
