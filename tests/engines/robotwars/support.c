/* support.c: see support.h. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

int64_t rw_now = 1;

game *rwt_new(const char *options, int seats, uint64_t seed)
{
    game_error err = {"", ""};
    game *g = game_create_with(&robotwars_engine, options, seats, seed, &err);
    cr_assert_not_null(g, "the game is created: %s", err.message);
    rw_now = 1;
    return g;
}

int rwt_act(game *g, int seat, const char *json, json_t **events, game_error *err)
{
    json_t *action = json_loads(json, 0, NULL);
    cr_assert_not_null(action, "the test's action is JSON: %s", json);
    json_t *ev = json_array();
    int rc = robotwars_engine.act(g, seat, action, rw_now++, ev, err);
    json_decref(action);
    if (events)
        *events = ev;
    else
        json_decref(ev);
    return rc;
}

json_t *rwt_ok(game *g, int seat, const char *json)
{
    json_t *events;
    game_error err = {"", ""};
    int rc = rwt_act(g, seat, json, &events, &err);
    cr_assert_eq(rc, 0, "%s by seat %d is accepted, not refused: %s: %s", json, seat, err.code,
                 err.message);
    return events;
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
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        const char *k = json_string_value(json_object_get(e, "kind"));
        if (k && strcmp(k, kind) == 0)
            return e;
    }
    return NULL;
}

int rwt_count(json_t *events, const char *kind)
{
    int n = 0;
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        const char *k = json_string_value(json_object_get(e, "kind"));
        n += k && strcmp(k, kind) == 0;
    }
    return n;
}

char *rwt_dump(const json_t *j)
{
    return json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
}

char *rwt_view(const game *g, int seat)
{
    json_t *v = robotwars_engine.view(g, seat);
    char *s = rwt_dump(v);
    json_decref(v);
    return s;
}

char *rwt_all_views(const game *g)
{
    size_t cap = 1, len = 0;
    char *all = calloc(1, 1);
    for (int s = -1; s < rw_seats(g); s++) {
        char *v = rwt_view(g, s);
        size_t n = strlen(v);
        all = realloc(all, cap + n + 1);
        memcpy(all + len, v, n);
        len += n;
        all[len++] = '\n';
        all[len] = 0;
        cap = len + 1;
        free(v);
    }
    return all;
}

const char *rwt_refused(game *g, int seat, const char *json, const char *code)
{
    static game_error err;
    char *before = rwt_all_views(g);
    int64_t deadline = robotwars_engine.deadline(g);
    memset(&err, 0, sizeof err);
    json_t *events;
    int rc = rwt_act(g, seat, json, &events, &err);
    cr_assert_eq(rc, -1, "%s by seat %d is refused", json, seat);
    cr_assert_str_eq(err.code, code, "%s is refused with %s, not %s (%s)", json, code, err.code,
                     err.message);
    cr_assert(strlen(err.message) > 8, "the refusal says why: \"%s\"", err.message);
    cr_assert_eq(json_array_size(events), 0, "a refusal has no events");
    char *after = rwt_all_views(g);
    cr_assert_str_eq(before, after, "a refused %s changes no view", json);
    cr_assert_eq(robotwars_engine.deadline(g), deadline);
    json_decref(events);
    free(before);
    free(after);
    return err.message;
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
