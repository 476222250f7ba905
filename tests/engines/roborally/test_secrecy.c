/*
 * test_secrecy.c: hidden information. A player's hand and unrevealed
 * registers are theirs alone: no other seat's view, no spectator's view and
 * no event ever carries them, until the race is over, when everything is
 * shown. Checked three ways over random games:
 *  - shape: every view after every input holds, for other robots, only the
 *    public fields (a whitelist), and a register card only once it has been
 *    revealed (robots powered down are battered now and then, so that locked
 *    registers get cards nobody has seen); every event holds only its kind's
 *    public fields;
 *  - drafts: two different programs of one seat look byte-identical to every
 *    other seat and to spectators until the registers run;
 *  - the end: once over, every seat sees every hand and program.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "util/rng.h"

static const char *const public_keys[] = {"seat", "status", "at", "facing", "virtual", "damage", "lives",
                                          "flags", "archive", "locked", "power_down_next", "options",
                                          "coat", "hand", "programmed", "registers", "last_cards", NULL};
static const char *const own_keys[] = {"cards", "program", "announce", "beam", NULL};

/* The view of `seat` shows others only their public face and revealed cards. */
static void check_view(const game *g, int seat)
{
    json_t *v = roborally_engine.view(g, seat);
    bool over = roborally_engine.over(g);
    const rr_state *st = rr_game_state(g);
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(v, "robots"), i, r) {
        bool own = (int)i == seat || over;
        const char *key;
        json_t *val;
        json_object_foreach(r, key, val) {
            bool ok = et_listed(public_keys, key) || (own && et_listed(own_keys, key));
            cr_assert(ok, "seat %d sees robot %zu's %s", seat, i, key);
        }
        if (own) {
            cr_assert_not_null(json_object_get(r, "cards"));
            continue;
        }
        size_t k;
        json_t *card;
        json_array_foreach(json_object_get(r, "registers"), k, card) {
            if (json_is_null(card))
                continue;
            cr_assert(st->robot[i].shown & (1u << k), "seat %d sees robot %zu's unrevealed register %zu",
                      seat, i, k + 1);
            cr_assert_eq(json_integer_value(card), st->robot[i].reg[k]);
        }
    }
    json_decref(v);
}

/* The public fields of each event kind (frames hold actions, checked by their "do"). */
static void check_event(const json_t *e)
{
    static const et_fields allowed[] = {
        {"turn", {"kind", "turn", "deadline", "hands", "powered_down", NULL}},
        {"timer", {"kind", "turn", "deadline", NULL}},
        {"programmed", {"kind", "seat", "turn", NULL}},
        {"drafted", {"kind", "seat", "turn", NULL}},
        {"filled", {"kind", "seat", "turn", "registers", NULL}},
        {"programs", {"kind", "turn", "power_down", NULL}},
        {"reveal", {"kind", "turn", "register", "cards", NULL}},
        {"card", {"kind", "turn", "register", "seat", "card", "type", "frames", NULL}},
        {"board", {"kind", "turn", "register", "step", "frames", NULL}},
        {"cleanup", {"kind", "turn", "frames", NULL}},
        {"choose", {"kind", "turn", "seats", "deadline", NULL}},
        {"chosen", {"kind", "seat", "turn", NULL}},
        {"reentry", {"kind", "turn", "frames", NULL}},
        {"over", {"kind", "winners", "reason", "summary", NULL}},
    };
    et_only_fields(e, allowed, sizeof allowed / sizeof allowed[0]);
}

static void check_all(const game *g, const json_t *events)
{
    for (int seat = -1; seat < rr_game_seats(g); seat++)
        check_view(g, seat);
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) check_event(e);
}

Test(secrecy, no_view_or_event_ever_carries_another_players_hand_or_unrevealed_register)
{
    for (uint64_t seed = 1; seed <= 6; seed++) {
        int seats = 2 + (int)(seed % 5);
        game *g = rg_new(seed % 2 ? "{\"options\":true}" : "{\"course\":\"island_hop\"}", seats, seed);
        rng r;
        rng_seed(&r, seed);
        int64_t now = 0;
        json_t *events = json_array();
        check_all(g, events);
        while (!roborally_engine.over(g) && rr_game_turn(g) < 40) {
            now += 10;
            /* Now and then a powered-down robot has taken a beating, so the
             * next deal puts cards nobody has seen into locked registers. */
            rr_state *st = rr_game_state_for_tests(g);
            for (int s = 0; s < seats; s++) {
                if (st->robot[s].powered_down && rr_robot_here(st, s) && rng_below(&r, 4) == 0)
                    st->robot[s].damage = (int8_t)(5 + rng_below(&r, 5));
            }
            bool acted = false;
            for (int s = 0; s < seats; s++) {
                int64_t wake;
                json_t *a = rng_below(&r, 5) == 0 && rr_game_needs(g, s) == RR_NEED_PROGRAM
                                ? NULL
                                : roborally_engine.bot(g, s, (int)rng_below(&r, 3), now, rng_next(&r), &wake,
                                                       &game_no_cancel);
                if (!a)
                    continue;
                game_error err;
                cr_assert_eq(roborally_engine.act(g, s, a, now, events, &err), 0, "%s", err.message);
                json_decref(a);
                check_all(g, events);
                json_array_clear(events);
                acted = true;
            }
            if (!acted) {
                now = roborally_engine.deadline(g);
                roborally_engine.tick(g, now, events);
                check_all(g, events);
                json_array_clear(events);
            }
        }
        cr_assert(roborally_engine.over(g));
        json_decref(events);
        roborally_engine.destroy(g);
    }
}

/* Seat 0 sends program `x` in one copy of a game and `y` in another: every
 * other audience sees the same bytes, and no event names a card of either. */
static void same_to_others(const int x[5], const int y[5], bool submit)
{
    game *a = rg_new(NULL, 3, 8);
    game *b = roborally_engine.clone(a);
    char *pa = rg_program(a, x, submit, false), *pb = rg_program(b, y, submit, false);
    json_t *ea = rg_ok(a, 0, pa), *eb = rg_ok(b, 0, pb);
    for (int seat = -1; seat < 3; seat++) {
        if (seat == 0)
            continue;
        char *va = rg_view(a, seat), *vb = rg_view(b, seat);
        cr_assert_str_eq(va, vb, "seat %d tells the programs apart", seat);
        free(va);
        free(vb);
    }
    char *sa = rg_dump(ea), *sb = rg_dump(eb);
    cr_assert_str_eq(sa, sb);
    for (int k = 0; k < 5; k++) {
        char card[16];
        snprintf(card, sizeof card, ":%d", x[k]);
        cr_assert(!x[k] || !strstr(sa, card), "an event names a card of the program: %s", sa);
    }
    free(sa);
    free(sb);
    free(pa);
    free(pb);
    json_decref(ea);
    json_decref(eb);
    roborally_engine.destroy(a);
    roborally_engine.destroy(b);
}

Test(secrecy, a_program_looks_the_same_to_everyone_else_until_the_registers_run)
{
    game *g = rg_new(NULL, 3, 8);
    int16_t hand[RR_HAND_MAX];
    rr_game_hand(g, 0, hand);
    roborally_engine.destroy(g);
    int one[5] = {hand[0], hand[1], hand[2], hand[3], hand[4]};
    int other[5] = {hand[8], hand[7], hand[6], hand[5], hand[4]};
    int draft[5] = {hand[3], 0, 0, hand[8], 0};
    same_to_others(one, other, true);
    same_to_others(one, draft, false);
}

Test(secrecy, after_the_race_every_seat_sees_every_hand_and_program)
{
    game *g = rg_new("{\"course\":\"checkmate\"}", 2, 4);
    rr_state *s = rr_game_state_for_tests(g);
    s->robot[0].flags = 1;
    s->floor.piece[0].cell = (int16_t)(9 * 12 + 3);
    s->floor.piece[0].facing = RR_N;
    json_decref(rg_turn(g, (int[]){490, 830, 820, 810, 800}, false, (int[]){70, 80, 90, 100, 110}));
    cr_assert(roborally_engine.over(g));
    json_t *v = roborally_engine.view(g, 1);
    json_t *r0 = json_array_get(json_object_get(v, "robots"), 0);
    cr_assert_not_null(json_object_get(r0, "cards"));
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(r0, "program"), 4)), 800,
                 "the register that never ran is shown too");
    json_decref(v);
    roborally_engine.destroy(g);
}
