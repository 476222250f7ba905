/* support.c: see support.h. */
#include "support.h"

#include "replay.h"

#include <stdlib.h>
#include <string.h>

int64_t rw_now = 1;

game *rwt_new(const char *options, int seats, uint64_t seed)
{
    rw_now = 1;
    return et_new(&robotwars_engine, options, seats, seed);
}

int rwt_act(game *g, int seat, const char *json, json_t **events, game_error *err)
{
    return et_act(&robotwars_engine, g, seat, json, rw_now++, events, err);
}

json_t *rwt_ok(game *g, int seat, const char *json)
{
    return et_ok(&robotwars_engine, g, seat, json, rw_now++);
}

json_t *rwt_allocate_all(game *g)
{
    json_t *all = json_array();
    cr_assert_eq(rw_phase_of(g), RW_PHASE_SETUP);
    const rw_battle *bt = &rw_bracket_of(g)->b[rw_battle_index(g)];
    for (int j = 0; j < bt->n; j++) {
        int seat = bt->seats[j];
        if (rw_allocated(g, seat))
            continue;
        int add[RW_CAPS];
        rw_bot_allocation(1, rw_discs(g, seat), rw_weapon_of(g, seat), add);
        char json[128];
        snprintf(json, sizeof json, "{\"kind\":\"allocate\",\"speed\":%d,\"power\":%d,\"manoeuvrability\":%d}",
                 add[0], add[1], add[2]);
        json_t *ev = rwt_ok(g, seat, json);
        json_array_extend(all, ev);
        json_decref(ev);
    }
    return all;
}

game *rwt_duel(uint64_t seed)
{
    game *g = rwt_new(NULL, 2, seed);
    json_decref(rwt_allocate_all(g));
    cr_assert_eq(rw_phase_of(g), RW_PHASE_BATTLE);
    return g;
}

void rwt_restart_turn(game *g)
{
    rw_turn *t = rw_test_turn(g);
    rw_turn_start(rw_arena_of(g), t->who, t);
}

void rwt_place(game *g, int i, int x, int y, int dir)
{
    rw_arena *a = rw_test_arena(g);
    a->r[i].cell = rw_cell(x, y);
    a->r[i].facing = dir;
}

void rwt_caps(game *g, int i, int speed, int power, int manoeuvrability)
{
    rw_arena *a = rw_test_arena(g);
    int v[RW_CAPS] = {speed, power, manoeuvrability};
    for (int c = 0; c < RW_CAPS; c++) {
        if (v[c] >= 0)
            a->r[i].cap[c] = v[c];
    }
    if (rw_turn_of(g) && rw_turn_of(g)->who == i)
        rwt_restart_turn(g);
}

int rwt_mover(const game *g)
{
    const rw_turn *t = rw_turn_of(g);
    cr_assert_not_null(t, "a turn is on");
    return rw_arena_of(g)->r[t->who].seat;
}

json_t *rwt_event(json_t *events, const char *kind)
{
    return et_event(events, kind, 0);
}

int rwt_count(json_t *events, const char *kind)
{
    return et_count(events, kind);
}

char *rwt_dump(const json_t *j)
{
    return et_dump(j);
}

char *rwt_view(const game *g, int seat)
{
    return et_view(&robotwars_engine, g, seat);
}

char *rwt_all_views(const game *g)
{
    return replay_views(&robotwars_engine, g, rw_seats(g));
}

const char *rwt_refused(game *g, int seat, const char *json, const char *code)
{
    return et_refused(&robotwars_engine, g, rw_seats(g), seat, json, rw_now++, code);
}

json_t *rwt_view_get(const game *g, int seat, const char *path)
{
    static json_t *kept;
    json_decref(kept);
    kept = robotwars_engine.view(g, seat);
    json_t *at = kept;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *part = strtok(buf, "."); part && at; part = strtok(NULL, ".")) {
        if (json_is_array(at))
            at = json_array_get(at, (size_t)atoi(part));
        else
            at = json_object_get(at, part);
    }
    return at;
}
