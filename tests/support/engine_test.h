/*
 * engine_test.h: what every engine's suites do the same way, written once:
 * a game made or the test failed, an action given as JSON text, an
 * accepted action's events, a refusal held to the refusal rule (replay.h),
 * events found by kind, and views as byte-exact text.
 *
 * Each engine's support.h names its engine and its clock on top of these
 * (bx_ok, rwt_refused, rg_event...), so that its tests read as before.
 */
#ifndef BOTPIT_ENGINE_TEST_H
#define BOTPIT_ENGINE_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

/* A new game; fails the test if refused. `options` is JSON text or NULL. */
game *et_new(const game_engine *e, const char *options, int seats, uint64_t seed);

/* Acts at `now` with the action written as JSON text (a test's JSON that
 * does not parse fails the test); returns 0 or -1 like act(), the events
 * in *events if not NULL (caller decrefs). */
int et_act(const game_engine *e, game *g, int seat, const char *json, int64_t now, json_t **events,
           game_error *err);
/* Acts and fails the test if refused. Returns the events (caller decrefs). */
json_t *et_ok(const game_engine *e, game *g, int seat, const char *json, int64_t now);
/* Fails the test unless act refuses with `code` and keeps the refusal rule
 * (replay.h: a sentence, no events, every view and the deadline as they
 * were). Returns the sentence (kept until the next call). */
const char *et_refused(const game_engine *e, game *g, int seats, int seat, const char *json,
                       int64_t now, const char *code);

/* The nth (0-based) event of `kind` (borrowed), or NULL; its index in
 * events, or -1; how many events of `kind` there are. */
json_t *et_event(const json_t *events, const char *kind, int nth);
int et_event_index(const json_t *events, const char *kind, int nth);
int et_count(const json_t *events, const char *kind);

/* The public face of a secrecy test: the fields an event kind may carry. */
typedef struct et_fields {
    const char *kind;
    const char *keys[12]; /* ended by NULL */
} et_fields;

/* Whether `key` is among `keys` (ended by NULL). */
bool et_listed(const char *const *keys, const char *key);
/* Fails the test unless the event's kind has a row among the n of
 * `allowed` and the event carries only the fields that row lists. */
void et_only_fields(const json_t *event, const et_fields *allowed, size_t n);

/* json_dumps with sorted keys, compact, any value; caller frees. */
char *et_dump(const json_t *j);
/* The view of `seat` so dumped; caller frees. */
char *et_view(const game_engine *e, const game *g, int seat);

#endif
