/* engine_test.c: see engine_test.h. */
#include "engine_test.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

game *et_new(const game_engine *e, const char *options, int seats, uint64_t seed)
{
    game_error err = {"", ""};
    game *g = game_create_with(e, options, seats, seed, &err);
    cr_assert_not_null(g, "%s: create refused: %s", e->id, err.message);
    return g;
}

static json_t *parsed(const char *json)
{
    json_error_t jerr;
    json_t *action = json_loads(json, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
    cr_assert_not_null(action, "bad test JSON %s: %s", json, jerr.text);
    return action;
}

int et_act(const game_engine *e, game *g, int seat, const char *json, int64_t now, json_t **events,
           game_error *err)
{
    json_t *action = parsed(json);
    json_t *ev = json_array();
    int rc = e->act(g, seat, action, now, ev, err);
    json_decref(action);
    if (events)
        *events = ev;
    else
        json_decref(ev);
    return rc;
}

json_t *et_ok(const game_engine *e, game *g, int seat, const char *json, int64_t now)
{
    game_error err = {"", ""};
    json_t *events;
    int rc = et_act(e, g, seat, json, now, &events, &err);
    cr_assert_eq(rc, 0, "seat %d: %s refused: %s %s", seat, json, err.code, err.message);
    return events;
}

const char *et_refused(const game_engine *e, game *g, int seats, int seat, const char *json,
                       int64_t now, const char *code)
{
    static game_error err;
    memset(&err, 0, sizeof err);
    json_t *action = parsed(json);
    json_t *events = json_array();
    char problem[512];
    int rc = replay_act_checked(e, g, seats, seat, action, now, events, &err, problem, sizeof problem);
    cr_assert_eq(rc, -1, "seat %d: %s was accepted", seat, json);
    cr_assert_str_eq(problem, "", "%s: %s", json, problem);
    cr_assert_str_eq(err.code, code, "%s: code %s (%s), wanted %s", json, err.code, err.message, code);
    cr_assert_gt(strlen(err.message), 10, "%s: no sentence (\"%s\")", json, err.message);
    json_decref(action);
    json_decref(events);
    return err.message;
}

static bool of_kind(const json_t *event, const char *kind)
{
    const char *k = json_string_value(json_object_get(event, "kind"));
    return k && strcmp(k, kind) == 0;
}

int et_event_index(const json_t *events, const char *kind, int nth)
{
    size_t i;
    const json_t *e;
    json_array_foreach(events, i, e) {
        if (of_kind(e, kind) && nth-- == 0)
            return (int)i;
    }
    return -1;
}

json_t *et_event(const json_t *events, const char *kind, int nth)
{
    int i = et_event_index(events, kind, nth);
    return i < 0 ? NULL : json_array_get(events, (size_t)i);
}

int et_count(const json_t *events, const char *kind)
{
    int n = 0;
    size_t i;
    const json_t *e;
    json_array_foreach(events, i, e)
        n += of_kind(e, kind);
    return n;
}

bool et_listed(const char *const *keys, const char *key)
{
    for (int i = 0; keys[i]; i++) {
        if (strcmp(keys[i], key) == 0)
            return true;
    }
    return false;
}

void et_only_fields(const json_t *event, const et_fields *allowed, size_t n)
{
    const char *kind = json_string_value(json_object_get(event, "kind"));
    cr_assert_not_null(kind, "an event without a kind");
    for (size_t i = 0; i < n; i++) {
        if (strcmp(allowed[i].kind, kind) != 0)
            continue;
        const char *key;
        const json_t *v;
        json_object_foreach((json_t *)event, key, v)
            cr_assert(et_listed(allowed[i].keys, key), "event %s has a field %s", kind, key);
        return;
    }
    cr_assert_fail("unknown event kind %s", kind);
}

char *et_dump(const json_t *j)
{
    return json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENCODE_ANY);
}

char *et_view(const game_engine *e, const game *g, int seat)
{
    json_t *v = e->view(g, seat);
    char *s = et_dump(v);
    json_decref(v);
    return s;
}
