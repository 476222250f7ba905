/*
 * test_secrecy.c: hidden information. Layouts stay secret until the fight
 * ends, orders until their turn resolves, and nothing a seat is sent (its
 * view, the events) or a bot decides depends on another seat's secrets.
 *
 * Three kinds of check over many full games:
 *  - shape: after every input, every seat's view, the spectator's and the
 *    events hold only public fields about other robots (a whitelist), and no
 *    layout but the seat's own;
 *  - relabelling: replaying a game with one robot's unrevealed letters
 *    permuted (same parts on the same slots, every letter ever fired or
 *    targeted left alone) must send every other seat byte-identical payloads
 *    and make their bots choose identical actions until the end;
 *  - pending orders and layouts: sending different orders (or a different
 *    layout) must look exactly the same to everyone else until the turn
 *    resolves (or the fight starts).
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const public_robot_keys[] = {"seat", "name", "cell", "out", "out_turn", "layout_in",
                                                "orders_in", "random_layout", "destroyed", "fired",
                                                "moved", NULL};
static const char *const own_robot_keys[] = {"layout", "working", "orders", NULL};

/* Allowed fields of each event kind: nothing about a layout or a pending order. */
static void check_event(const json_t *e)
{
    static const et_fields allowed[] = {
        {"layout_in", {"kind", "seat", NULL}},
        {"layout_assigned", {"kind", "seat", NULL}},
        {"turn", {"kind", "turn", "deadline", NULL}},
        {"orders_in", {"kind", "seat", "turn", "replaced", NULL}},
        {"resolved", {"kind", "turn", "orders", "from", "moves", "stops", "shots", "destroyed", "knocked_out", NULL}},
        {"over", {"kind", "winners", "drawn", "reason", "summary", NULL}},
    };
    et_only_fields(e, allowed, sizeof allowed / sizeof allowed[0]);
    size_t k;
    json_t *shot;
    json_array_foreach(json_object_get(e, "shots"), k, shot)
        cr_assert_null(json_object_get(shot, "reach"), "a shot does not tell its reach");
}

/* The view `seat` gets holds only its own secrets (none for spectators) until
 * the end, and everything after it. */
static void check_view(const game *g, int seat)
{
    json_t *v = boxing_engine.view(g, seat);
    bool over = boxing_engine.over(g);
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(v, "robots"), i, r) {
        int robot = (int)json_integer_value(json_object_get(r, "seat"));
        bool mine = robot == seat;
        const char *key;
        json_t *field;
        json_object_foreach(r, key, field) {
            bool ok = et_listed(public_robot_keys, key) || ((mine || over) && et_listed(own_robot_keys, key));
            cr_assert(ok, "seat %d sees %s of robot %d", seat, key, robot);
        }
        if (over)
            cr_assert(json_is_object(json_object_get(r, "layout")), "all is revealed at the end");
    }
    char *text = bx_dump(v);
    int grids = 0;
    for (const char *p = text; (p = strstr(p, "\"grid\"")); p++)
        grids++;
    int allowed = over ? boxing_seats(g) : (seat >= 0 && boxing_layout_in(g, seat));
    cr_assert_eq(grids, allowed, "seat %d's view holds %d layouts", seat, grids);
    free(text);
    json_decref(v);
}

static void check_step(const game *g, json_t *events, void *ctx)
{
    int *steps = ctx;
    (*steps)++;
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e)
        check_event(e);
    for (int s = -1; s < boxing_seats(g); s++)
        check_view(g, s);
}

Test(boxing_secrecy, no_payload_holds_another_seats_layout_or_unrevealed_orders)
{
    int steps = 0;
    for (int k = 0; k < 30; k++) {
        int seats = 2 + k % 3;
        replay_log log;
        int levels[4] = {k % 3, -1, (k + 1) % 3, 2};
        const char *options = k % 2 ? "{\"order_s\": 2, \"layout_s\": 2}" : "{\"free_centre\": true}";
        game *g = bx_logged(&log, options, seats, (uint64_t)k + 500);
        bx_play_bots(&log, g, levels, 0x6, (uint64_t)k, check_step, &steps);
        cr_assert(boxing_engine.over(g));
        boxing_engine.destroy(g);
        replay_free(&log);
    }
    cr_assert_gt(steps, 1000, "only %d inputs checked", steps);
}

Test(boxing_secrecy, spectators_get_no_secret_before_the_end_and_everything_after)
{
    replay_log log;
    int levels[2] = {2, 1};
    game *g = bx_logged(&log, NULL, 2, 77);
    bx_play_bots(&log, g, levels, 0, 3, NULL, NULL);
    for (size_t upto = 0; upto <= log.n; upto++) {
        game *h = replay_rebuild(&log, upto, NULL, NULL);
        char *spectator = bx_view(h, GAME_SEAT_SPECTATOR);
        bool over = boxing_engine.over(h);
        cr_assert_eq(strstr(spectator, "\"layout\":{") != NULL, over, "after %zu inputs", upto);
        cr_assert_eq(strstr(spectator, "\"working\":{") != NULL, over);
        boxing_engine.destroy(h);
        free(spectator);
    }
    boxing_engine.destroy(g);
    replay_free(&log);
}

/* ---- relabelling ---- */

/* Letters of robot e anyone has seen: fired by it, or named as its target. */
static uint16_t public_letters(const replay_log *log, int e)
{
    uint16_t mask = 0;
    for (size_t i = 0; i < log->n; i++) {
        const json_t *a = log->in[i].action;
        const char *kind = a ? json_string_value(json_object_get(a, "kind")) : NULL;
        if (!kind || strcmp(kind, "orders") != 0)
            continue;
        const char *fire = json_string_value(json_object_get(a, "fire"));
        const char *target = json_string_value(json_object_get(a, "target"));
        json_t *robot = json_object_get(a, "target_robot");
        int t = json_is_integer(robot) ? (int)json_integer_value(robot) : 1 - log->in[i].seat;
        if (fire && log->in[i].seat == e)
            mask |= (uint16_t)(1u << (fire[0] - 'a'));
        if (target && t == e)
            mask |= (uint16_t)(1u << (target[0] - 'a'));
    }
    return mask;
}

static char relabel_char(const int *perm, char c)
{
    return (char)('a' + perm[c - 'a']);
}

static json_t *relabel_layout(const json_t *a, const int *perm)
{
    json_t *b = json_deep_copy(a);
    json_t *grid = json_array();
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(a, "grid"), i, row) {
        char s[4] = {0};
        for (int c = 0; c < 3; c++)
            s[c] = relabel_char(perm, json_string_value(row)[c]);
        json_array_append_new(grid, json_string(s));
    }
    json_object_set_new(b, "grid", grid);
    char lasers[5] = {0}, booster[2] = {0};
    for (int c = 0; c < 4; c++)
        lasers[c] = relabel_char(perm, json_string_value(json_object_get(a, "lasers"))[c]);
    booster[0] = relabel_char(perm, json_string_value(json_object_get(a, "booster"))[0]);
    json_object_set_new(b, "lasers", json_string(lasers));
    json_object_set_new(b, "booster", json_string(booster));
    return b;
}

/* What every seat but `hidden` is sent after each input, and what their
 * bots would do then. */
typedef struct outside {
    int hidden;
    char **payloads;
    int n, cap;
} outside;

static void outside_add(outside *o, char *s)
{
    if (o->n == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 256;
        o->payloads = realloc(o->payloads, (size_t)o->cap * sizeof *o->payloads);
    }
    o->payloads[o->n++] = s;
}

static void outside_step(const game *g, json_t *events, void *ctx)
{
    outside *o = ctx;
    outside_add(o, bx_dump(events));
    if (boxing_engine.over(g))
        return; /* then everything is revealed */
    for (int s = -1; s < boxing_seats(g); s++) {
        if (s == o->hidden)
            continue;
        outside_add(o, bx_view(g, s));
        if (s < 0)
            continue;
        for (int level = 0; level < 3; level++) {
            int64_t wake = GAME_NO_DEADLINE;
            json_t *a = boxing_engine.bot(g, s, level, 0, (uint64_t)o->n, &wake, &game_no_cancel);
            outside_add(o, a ? bx_dump(a) : strdup("null"));
            json_decref(a);
        }
    }
}

static void outside_free(outside *o)
{
    for (int i = 0; i < o->n; i++)
        free(o->payloads[i]);
    free(o->payloads);
}

/* Replays `log` with robot e's layout relabelled by a permutation of its
 * letters nobody has seen; 1 if compared, 0 if there was nothing to permute. */
static int compare_relabelled(replay_log *log, int e)
{
    uint16_t seen = public_letters(log, e);
    int free_letters[BOXING_LETTERS], nf = 0, perm[BOXING_LETTERS];
    for (int l = 0; l < BOXING_LETTERS; l++) {
        perm[l] = l;
        if (!(seen & (1u << l)))
            free_letters[nf++] = l;
    }
    if (nf < 2)
        return 0;
    for (int i = 0; i < nf; i++) /* a rotation: no free letter stays put */
        perm[free_letters[i]] = free_letters[(i + 1) % nf];
    /* the same log with e's layout relabelled (and no trace: it is another game) */
    replay_log other = *log;
    other.options = json_incref(log->options);
    other.trace = false;
    other.marks = NULL;
    other.in = calloc(log->n, sizeof *other.in);
    bool relabelled = false;
    for (size_t i = 0; i < log->n; i++) {
        other.in[i] = log->in[i];
        const json_t *a = log->in[i].action;
        const char *kind = a ? json_string_value(json_object_get(a, "kind")) : NULL;
        if (kind && strcmp(kind, "layout") == 0 && log->in[i].seat == e) {
            other.in[i].action = relabel_layout(a, perm);
            relabelled = true;
        } else if (a) {
            other.in[i].action = json_incref(log->in[i].action);
        }
    }
    other.cap = other.n = log->n;
    outside one = {.hidden = e}, two = {.hidden = e};
    game *g = replay_rebuild(log, log->n, outside_step, &one);
    game *h = replay_rebuild(&other, other.n, outside_step, &two);
    cr_assert_eq(one.n, two.n);
    for (int i = 0; i < one.n; i++)
        cr_assert_str_eq(one.payloads[i], two.payloads[i], "robot %d's unseen letters leak (payload %d)", e, i);
    boxing_engine.destroy(g);
    boxing_engine.destroy(h);
    outside_free(&one);
    outside_free(&two);
    replay_free(&other);
    return relabelled;
}

Test(boxing_secrecy, letters_never_fired_or_targeted_leave_no_trace_until_the_end)
{
    int compared = 0;
    for (int k = 0; k < 16; k++) {
        replay_log log;
        int levels[4] = {2, k % 3, -1, 1};
        game *g = bx_logged(&log, k % 4 == 3 ? "{\"size\": 6}" : NULL, 2 + k % 3, (uint64_t)k + 900);
        bx_play_bots(&log, g, levels, 0, (uint64_t)k * 3, NULL, NULL);
        for (int e = 0; e < log.seats; e++)
            compared += compare_relabelled(&log, e);
        boxing_engine.destroy(g);
        replay_free(&log);
    }
    cr_assert_gt(compared, 20, "only %d relabelled replays", compared);
}

/* ---- pending orders and layouts ---- */

/* Inputs 0..i-1 of the log, then `action` from `seat`: what the others see. */
static char *others_after(replay_log *log, size_t i, int seat, const json_t *action)
{
    game *g = replay_rebuild(log, i, NULL, NULL);
    json_t *events = json_array();
    game_error err;
    int rc = boxing_engine.act(g, seat, action, log->in[i].t, events, &err);
    cr_assert_eq(rc, 0, "%s", err.message);
    json_t *seen = json_array();
    json_array_append(seen, events);
    for (int s = -1; s < boxing_seats(g); s++) {
        if (s == seat)
            continue;
        json_array_append_new(seen, boxing_engine.view(g, s));
        int64_t wake;
        json_t *a = s >= 0 ? boxing_engine.bot(g, s, 2, 0, 7, &wake, &game_no_cancel) : NULL;
        json_array_append_new(seen, a ? a : json_null());
    }
    char *text = bx_dump(seen);
    json_decref(seen);
    json_decref(events);
    boxing_engine.destroy(g);
    return text;
}

/* Is input i a layout or orders that leaves the phase waiting for others? */
static bool pending_after(replay_log *log, size_t i)
{
    const replay_input *in = &log->in[i];
    if (in->seat < 0)
        return false;
    game *g = replay_rebuild(log, i + 1, NULL, NULL);
    bool waiting = false;
    for (int s = 0; s < boxing_seats(g); s++) {
        if (boxing_phase_of(g) == BOXING_PHASE_LAYOUT && !boxing_layout_in(g, s))
            waiting = true;
        if (boxing_phase_of(g) == BOXING_PHASE_ORDERS && boxing_alive(g, s) && !boxing_orders_in(g, s))
            waiting = true;
    }
    int turn_after = boxing_turn(g);
    boxing_engine.destroy(g);
    game *before = replay_rebuild(log, i, NULL, NULL);
    bool same_turn = boxing_turn(before) == turn_after && boxing_phase_of(before) != BOXING_PHASE_OVER;
    boxing_engine.destroy(before);
    return waiting && same_turn;
}

Test(boxing_secrecy, orders_and_layouts_in_stay_unseen_until_revealed)
{
    json_t *idle = json_pack("{s:s}", "kind", "orders");
    json_t *sides = json_loads(BX_SIDES, 0, NULL), *corners = json_loads(BX_CORNERS, 0, NULL);
    int compared = 0;
    for (int k = 0; k < 6; k++) {
        replay_log log;
        int levels[3] = {2, -1, 1};
        game *g = bx_logged(&log, k % 2 ? "{\"size\": 7}" : NULL, 2 + k % 2, (uint64_t)k + 40);
        bx_play_bots(&log, g, levels, 0, (uint64_t)k, NULL, NULL);
        boxing_engine.destroy(g);
        for (size_t i = 0; i < log.n; i++) {
            const json_t *a = log.in[i].action;
            if (!a || !pending_after(&log, i))
                continue;
            bool layout = strcmp(json_string_value(json_object_get(a, "kind")), "layout") == 0;
            const json_t *alt = layout ? (json_equal(a, sides) ? corners : sides) : idle;
            if (json_equal(a, alt))
                continue;
            char *real = others_after(&log, i, log.in[i].seat, a);
            char *fake = others_after(&log, i, log.in[i].seat, alt);
            cr_assert_str_eq(real, fake, "input %zu of game %d shows through", i, k);
            free(real);
            free(fake);
            compared++;
        }
        replay_free(&log);
    }
    cr_assert_gt(compared, 30, "only %d inputs compared", compared);
    json_decref(idle);
    json_decref(sides);
    json_decref(corners);
}
