/* support.c: see support.h. */
#include "support.h"

#include "replay.h"

#include <stdlib.h>
#include <string.h>

int64_t rr_now = 1;

void tc_init(test_course *t, int w, int h)
{
    memset(t, 0, sizeof *t);
    t->c.id = "test";
    t->c.name = "Test";
    t->c.length = "short";
    t->c.min_players = 2;
    t->c.max_players = 8;
    t->c.width = w;
    t->c.height = h;
    t->c.cells = t->cells;
    t->c.lasers = t->lasers;
    for (int i = 0; i < w * h; i++) {
        t->cells[i].out = -1;
        t->cells[i].push = -1;
    }
    t->c.ndocks = w < RR_MAX_DOCKS ? w : RR_MAX_DOCKS;
    for (int i = 0; i < t->c.ndocks; i++) {
        t->c.docks[i].cell = (int16_t)((h - 1) * w + i);
        t->c.docks[i].facing = RR_N;
        t->cells[(h - 1) * w + i].dock = (uint8_t)(i + 1);
    }
}

int tc_cell(const test_course *t, int x, int y)
{
    return y * t->c.width + x;
}

void tc_wall(test_course *t, int x, int y, int d)
{
    int cell = tc_cell(t, x, y);
    t->cells[cell].walls |= (uint8_t)(1u << d);
    int next = rr_neighbour(&t->c, cell, d);
    if (next != RR_OFF)
        t->cells[next].walls |= (uint8_t)(1u << rr_opposite(d));
}

void tc_pit(test_course *t, int x, int y)
{
    t->cells[tc_cell(t, x, y)].kind = RR_PIT;
}

void tc_belt(test_course *t, int x, int y, int kind, int out, const char *in)
{
    rr_cell *k = &t->cells[tc_cell(t, x, y)];
    k->kind = (uint8_t)kind;
    k->out = (int8_t)out;
    k->in = 0;
    for (const char *p = in; *p; p++) {
        char s[2] = {*p, 0};
        k->in |= (uint8_t)(1u << rr_dir_parse(s));
    }
}

void tc_gear(test_course *t, int x, int y, bool clockwise)
{
    t->cells[tc_cell(t, x, y)].kind = clockwise ? RR_GEAR_CW : RR_GEAR_CCW;
}

void tc_pusher(test_course *t, int x, int y, int d, unsigned regs)
{
    rr_cell *k = &t->cells[tc_cell(t, x, y)];
    k->push = (int8_t)d;
    k->push_regs = (uint8_t)regs;
    tc_wall(t, x, y, rr_opposite(d));
}

void tc_repair(test_course *t, int x, int y, int kind)
{
    t->cells[tc_cell(t, x, y)].kind = (uint8_t)kind;
}

void tc_flag(test_course *t, int x, int y, int n)
{
    t->cells[tc_cell(t, x, y)].flag = (uint8_t)n;
    t->c.flags[n - 1] = (int16_t)tc_cell(t, x, y);
    if (n > t->c.nflags)
        t->c.nflags = n;
}

void tc_laser(test_course *t, int x, int y, int d, int count)
{
    t->lasers[t->c.nlasers++] = (rr_laser){(int16_t)tc_cell(t, x, y), (uint8_t)d, (uint8_t)count};
}

void ts_init(rr_state *s, const test_course *t, int n, bool options_on)
{
    int8_t deck[RR_OPTIONS];
    for (int i = 0; i < RR_OPTIONS; i++)
        deck[i] = (int8_t)i;
    rr_state_init(s, &t->c, n, options_on, deck);
    s->turn = 1;
}

void ts_place(rr_state *s, int seat, int x, int y, int d)
{
    rr_piece *p = &s->floor.piece[seat];
    p->cell = (int16_t)(y * s->floor.course->width + x);
    p->facing = (uint8_t)d;
    p->gone = RR_HERE;
    p->is_virtual = false;
}

void ts_remove(rr_state *s, int seat)
{
    s->floor.piece[seat].gone = RR_GONE_AWAY;
    s->floor.piece[seat].cell = RR_OFF;
}

int ts_x(const rr_state *s, int seat)
{
    return s->floor.piece[seat].cell % s->floor.course->width;
}

int ts_y(const rr_state *s, int seat)
{
    return s->floor.piece[seat].cell / s->floor.course->width;
}

void ts_register(rr_state *s, int reg, const int *cards, json_t **events)
{
    for (int i = 0; i < s->nrobots; i++)
        s->robot[i].reg[reg - 1] = (int16_t)(cards ? cards[i] : 0);
    if (!events) {
        rr_phase_run(s, reg - 1, NULL);
        return;
    }
    *events = json_array();
    rr_trace t;
    rr_trace_init(&t, &s->floor, *events);
    rr_phase_run(s, reg - 1, &t);
}

/* ---- games ---- */

game *rg_new(const char *options, int seats, uint64_t seed)
{
    return et_new(&roborally_engine, options, seats, seed);
}

int rg_act(game *g, int seat, const char *json, json_t **events, game_error *err)
{
    return et_act(&roborally_engine, g, seat, json, rr_now++, events, err);
}

json_t *rg_ok(game *g, int seat, const char *json)
{
    return et_ok(&roborally_engine, g, seat, json, rr_now++);
}

char *rg_dump(const json_t *j)
{
    return et_dump(j);
}

char *rg_view(const game *g, int seat)
{
    return et_view(&roborally_engine, g, seat);
}

void rg_refused(game *g, int seat, const char *json, const char *code)
{
    et_refused(&roborally_engine, g, rr_game_seats(g), seat, json, rr_now++, code);
}

char *rg_program(const game *g, const int regs[5], bool submit, bool power_down)
{
    char *buf = malloc(256);
    char r[5][8];
    for (int i = 0; i < 5; i++)
        snprintf(r[i], sizeof r[i], regs[i] ? "%d" : "null", regs[i]);
    snprintf(buf, 256,
             "{\"kind\":\"program\",\"turn\":%d,\"registers\":[%s,%s,%s,%s,%s],\"submit\":%s,"
             "\"power_down\":%s}",
             rr_game_turn(g), r[0], r[1], r[2], r[3], r[4], submit ? "true" : "false",
             power_down ? "true" : "false");
    return buf;
}

json_t *rg_all_program(game *g)
{
    json_t *all = json_array();
    for (int s = 0; s < rr_game_seats(g); s++) {
        if (rr_game_needs(g, s) != RR_NEED_PROGRAM)
            continue;
        int16_t hand[RR_HAND_MAX];
        int n = rr_game_hand(g, s, hand), regs[5] = {0}, k = 0;
        const rr_robot *r = &rr_game_state(g)->robot[s];
        for (int i = 0; i < 5; i++) {
            if (!rr_register_locked(r->damage, i))
                regs[i] = k < n ? hand[k++] : 0;
        }
        char *json = rg_program(g, regs, true, false);
        json_t *ev = rg_ok(g, s, json);
        json_array_extend(all, ev);
        json_decref(ev);
        free(json);
    }
    return all;
}

void rg_hand(game *g, int seat, const int *cards, int n)
{
    int16_t h[RR_HAND_MAX];
    for (int i = 0; i < n; i++)
        h[i] = (int16_t)cards[i];
    cr_assert_eq(rr_game_set_hand_for_tests(g, seat, h, n), 0);
}

json_t *rg_turn(game *g, const int h0[5], bool down0, const int h1[5])
{
    rg_hand(g, 0, h0, 5);
    rg_hand(g, 1, h1, 5);
    char *a = rg_program(g, h0, true, down0), *b = rg_program(g, h1, true, false);
    json_t *events = rg_ok(g, 0, a), *more = rg_ok(g, 1, b);
    json_array_extend(events, more);
    json_decref(more);
    free(a);
    free(b);
    return events;
}

json_t *rg_event(json_t *events, const char *kind)
{
    return et_event(events, kind, 0);
}

void rg_play_random(const char *options, int seats, uint64_t seed, int turns, int max_steps,
                    rg_player *player, void *ctx)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, &roborally_engine, options, seats, game_seeds_from(seed), &err);
    cr_assert_not_null(g, "%s", err.message);
    rng r;
    rng_seed(&r, seed * 7 + 1);
    int64_t now = 0;
    json_t *events = json_array();
    int steps = 0;
    while (!roborally_engine.over(g) && rr_game_turn(g) <= turns && steps++ < max_steps) {
        now += 1 + rng_below(&r, 3000);
        int seat = (int)rng_below(&r, (uint32_t)seats);
        unsigned what = rng_below(&r, 10);
        json_t *action = NULL;
        bool tick = false;
        if (what < 5) {
            int64_t wake;
            action = roborally_engine.bot(g, seat, (int)rng_below(&r, 3), now, rng_next(&r), &wake,
                                          &game_no_cancel);
        } else {
            action = player(g, seat, what, &r, &tick, ctx);
        }
        if (tick) {
            int64_t d = roborally_engine.deadline(g);
            if (d != GAME_NO_DEADLINE && rng_below(&r, 3) == 0)
                now = d > now ? d : now;
            replay_tick(&log, g, now, events);
        }
        if (action)
            replay_act(&log, g, seat, action, now, events, &err);
        json_decref(action);
        json_array_clear(events);
        cr_assert_str_eq(log.problem, "", "seed %llu: %s", (unsigned long long)seed, log.problem);
        if (steps % 97 == 0)
            cr_assert(replay_check(&log, g), "seed %llu: %s", (unsigned long long)seed, log.problem);
    }
    cr_assert(replay_check(&log, g), "seed %llu: %s", (unsigned long long)seed, log.problem);
    json_decref(events);
    roborally_engine.destroy(g);
    replay_free(&log);
}
