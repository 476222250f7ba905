/* helpers.h: shared set-up for the manoover suites: games, positions, actions
 * as JSON text, events by kind, views as canonical strings (what every
 * engine's suites share is tests/support/engine_test.h; these name the
 * engine). */
#ifndef MANOOVER_TEST_HELPERS_H
#define MANOOVER_TEST_HELPERS_H

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine_test.h"
#include "games/manoover/manoover.h"
#include "games/manoover/manoover_bot.h"
#include "games/manoover/manoover_state.h"
#include "games/manoover/tools/manoover_tools.h"
#include "replay.h"

#define RED 0
#define BLUE 1
#define GREEN 2

static inline game *mk(const char *options, int seats, uint64_t seed)
{
    return et_new(&manoover_engine, options, seats, seed);
}

static inline game *mk_standard(uint64_t seed)
{
    return mk("{\"match_to\":0}", 2, seed);
}

/* Every view, over() and the deadline: a byte-exact snapshot (replay.h). */
static inline char *views_of(const game *g)
{
    return replay_views(&manoover_engine, g, g->layout->seats);
}

/* An accepted action: returns its events (caller decrefs). */
static inline json_t *act_ok_at(game *g, int seat, const char *action, int64_t now)
{
    return et_ok(&manoover_engine, g, seat, action, now);
}

static inline json_t *act_ok(game *g, int seat, const char *action)
{
    return act_ok_at(g, seat, action, 1000);
}

/* A refused action: checks its code and the refusal rule (replay.h: a
 * sentence, no events, every view and the deadline as they were). */
static inline void act_refused(game *g, int seat, const char *action, const char *code)
{
    et_refused(&manoover_engine, g, g->layout->seats, seat, action, 1000, code);
}

static inline int ev_count(const json_t *events, const char *kind)
{
    return et_count(events, kind);
}

/* The nth (0-based) event of a kind, or NULL (borrowed). */
static inline json_t *ev_nth(const json_t *events, const char *kind, int nth)
{
    return et_event(events, kind, nth);
}

/* Position index of the nth event of a kind, or -1. */
static inline int ev_index(const json_t *events, const char *kind, int nth)
{
    return et_event_index(events, kind, nth);
}

static inline manoover_cell cell(int q, int r)
{
    return (manoover_cell){(int8_t)q, (int8_t)r};
}

static inline bool cell_is(const json_t *c, int q, int r)
{
    return json_integer_value(json_array_get(c, 0)) == q &&
           json_integer_value(json_array_get(c, 1)) == r;
}

static inline bool robot_is(const json_t *ref, int owner, int number)
{
    return json_integer_value(json_object_get(ref, "owner")) == owner &&
           json_integer_value(json_object_get(ref, "number")) == number;
}

/* An empty board of g's layout. */
static inline manoover_pos empty_pos(const game *g)
{
    manoover_pos p;
    manoover_pos_clear(&p, g->layout);
    return p;
}

static inline void place(manoover_pos *p, int seat, int number, int q, int r, const char *dir)
{
    int rc = manoover_pos_place(p, seat, number, cell(q, r), manoover_dir_parse(dir));
    cr_assert_eq(rc, 0, "cannot place robot %d of seat %d at [%d,%d]", number, seat, q, r);
}

/* Loads p with `seat` to move holding the given dice (recounting first). */
static inline void load(game *g, manoover_pos *p, int seat, int ndice, ...)
{
    int dice[MANOOVER_MAX_DICE];
    va_list ap;
    va_start(ap, ndice);
    for (int d = 0; d < ndice; d++)
        dice[d] = va_arg(ap, int);
    va_end(ap);
    manoover_pos_recount(p);
    cr_assert_eq(manoover_game_load(g, p, seat, dice, ndice), 0);
}

static inline const manoover_robot *robot_of(const game *g, int seat, int number)
{
    return &g->pos.robot[manoover_robot_index(g->layout, seat, number)];
}

static inline bool robot_at(const game *g, int seat, int number, int q, int r, const char *dir)
{
    const manoover_robot *rb = robot_of(g, seat, number);
    return rb->where == MANOOVER_ON_BOARD && rb->cell.q == q && rb->cell.r == r &&
           (!dir || rb->dir == manoover_dir_parse(dir));
}

static inline json_t *view_json(const game *g, int seat)
{
    return manoover_engine.view(g, seat);
}

#endif
