/* table_support.c: helpers the table suites share (see table_support.h). */
#include "table_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const game_engine *const RT = &ricochet_engine;

game *rt_new(const char *options, int seats, uint64_t seed)
{
    return et_new(RT, options, seats, seed);
}

int rt_act(game *g, int seat, const char *json, int64_t at, json_t **events, game_error *err)
{
    return et_act(RT, g, seat, json, at, events, err);
}

json_t *rt_ok(game *g, int seat, const char *json, int64_t at)
{
    return et_ok(RT, g, seat, json, at);
}

void rt_refused(game *g, int seat, const char *json, int64_t at, const char *code)
{
    et_refused(RT, g, ricochet_seats(g), seat, json, at, code);
}

json_t *rt_tick(game *g, int64_t at)
{
    json_t *events = json_array();
    RT->tick(g, at, events);
    return events;
}

json_t *rt_solve(game *g, int64_t at)
{
    json_t *events = json_array();
    json_t *req = RT->work_request(g);
    cr_assert_not_null(req, "the game waits for no solver");
    static const volatile int never = 0;
    json_t *res = RT->work_run(req, &never);
    cr_assert_not_null(res);
    json_t *action = json_pack("{s:s, s:o, s:o}", "kind", "work_done", "request", req, "result", res);
    game_error err = {{0}, {0}};
    int rc = RT->act(g, GAME_SEAT_SERVER, action, at, events, &err);
    cr_assert_eq(rc, 0, "work_done refused: %s", err.message);
    json_decref(action);
    return events;
}

const char *rt_bid(int moves)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "{\"kind\":\"bid\",\"moves\":%d}", moves);
    return buf;
}

const char *rt_move(int robot, int dir)
{
    static char buf[96];
    snprintf(buf, sizeof buf, "{\"kind\":\"move\",\"robot\":\"%s\",\"dir\":\"%s\"}",
             ricochet_color_name(robot), ricochet_dir_name(dir));
    return buf;
}

json_t *rt_play(game *g, int seat, const ricochet_move *moves, int n, int64_t at)
{
    json_t *all = json_array();
    for (int i = 0; i < n; i++) {
        json_t *ev = rt_ok(g, seat, rt_move(moves[i].robot, moves[i].dir), at + i);
        json_array_extend(all, ev);
        json_decref(ev);
    }
    return all;
}

ricochet_move rt_harmless_move(const game *g)
{
    const ricochet_round *r = ricochet_round_of(g);
    for (int robot = 0; robot < r->pos.nrobots; robot++) {
        for (int dir = 0; dir < 4; dir++) {
            ricochet_round copy = *r;
            char why[200];
            ricochet_step st;
            if (ricochet_round_move(&copy, ricochet_board_of(g), robot, dir, &st, why, sizeof why) == 0 &&
                !st.solved)
                return (ricochet_move){(uint8_t)robot, (uint8_t)dir};
        }
    }
    cr_assert_fail("no harmless move");
    return (ricochet_move){0, 0};
}

json_t *rt_event(json_t *events, const char *kind)
{
    return et_event(events, kind, 0);
}

int rt_count(json_t *events, const char *kind)
{
    return et_count(events, kind);
}

json_t *rt_view(const game *g, int seat)
{
    return RT->view(g, seat);
}

char *rt_view_text(const game *g, int seat)
{
    return et_view(RT, g, seat);
}

int rt_int(const json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    cr_assert(json_is_integer(v), "%s is not an integer", key);
    return (int)json_integer_value(v);
}

const char *rt_str(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    cr_assert_not_null(s, "%s is not a string", key);
    return s;
}
