/*
 * table.h: the game inside a room: the engine's game, its seq (accepted
 * inputs so far), its clock and deadline timer, the bots and off-loop work.
 *
 * Every input, a player's action, a bot's, the server's own (work results)
 * or a tick, is a commit: the table plays it on a copy of the game (the
 * engine's clone), asks its host to store it (`commit`), and only when that
 * returned 0 does the copy become the game and the host hear of it
 * (`applied`). A failed commit changes nothing: the input is refused as
 * unavailable (a player's) or tried again later (the server's). An engine
 * without clone plays on the game itself, and a failed commit rebuilds the
 * game from the stored log (`log`); if even that fails the table gives the
 * game up (`lost`).
 *
 * The table knows nothing of rooms, players or the store: its host does.
 * Seats are the game's 0..nseats-1.
 */
#ifndef BOTPIT_TABLE_H
#define BOTPIT_TABLE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <uv.h>

#include "games/game.h"
#include "lobby/sched.h"

#define TABLE_MAX_SEATS 16
/* After a failed commit of the server's own input, it is tried again. */
#define TABLE_RETRY_MS 1000

typedef enum table_input_kind { TABLE_ACT, TABLE_TICK } table_input_kind;

/* One input, as the log keeps it. */
typedef struct table_input {
    int64_t t; /* game clock ms */
    int seat;  /* a seat, or GAME_SEAT_SERVER; 0 for ticks */
    table_input_kind kind;
    const json_t *action; /* NULL for ticks */
} table_input;

/* What one commit stores: inputs first_seq, first_seq + 1, ... and, when they
 * end the game, its result. */
typedef struct table_commit {
    uint64_t first_seq;
    int n;
    table_input inputs[2]; /* a tick that was due, then the action */
    const json_t *result;  /* NULL unless the game ends */
    int64_t clock_ms;
} table_commit;

typedef struct table_ops {
    /* Stores c in one transaction: 0, or -1 if nothing was stored. */
    int (*commit)(void *host, const table_commit *c);
    /* The inputs of a commit are in the game: tell everyone. actor is the
     * seat whose request it was (its copy echoes id), or -1. */
    void (*applied)(void *host, const json_t *events, int actor, const json_t *id);
    /* The game has ended (after `applied`). */
    void (*over)(void *host);
    /* The stored log, as store_inputs gives it, or NULL. */
    json_t *(*log)(void *host);
    /* The game could not be kept consistent with the log: give it up. */
    void (*lost)(void *host);
} table_ops;

typedef enum table_outcome {
    TABLE_DONE = 0,         /* stored and applied */
    TABLE_REFUSED = -1,     /* the engine refused it; err says why */
    TABLE_UNAVAILABLE = -2, /* it could not be stored; nothing changed */
} table_outcome;

typedef struct table_work table_work;   /* table.c: a work_run in flight */
typedef struct table_think table_think; /* table.c: bots thinking off the loop */

typedef struct table {
    const game_engine *engine;
    sched *sched;
    const table_ops *ops;
    void *host;
    const json_t *options; /* borrowed from the host */
    game_seeds seeds;
    int nseats;
    int bots[TABLE_MAX_SEATS]; /* bot level per seat, -1 for a human */
    int bot_pace_ms;
    game *game;     /* NULL before the deal */
    bool live;      /* in play: timers and bots run */
    uint64_t seq;   /* accepted inputs so far */
    uint64_t clock_origin; /* loop ms at game time 0 */
    json_t *result; /* once over */
    uv_timer_t deadline_timer; /* the engine's earliest deadline; data is the host's */
    wheel_timer bot_timer;     /* the next bot move */
    wheel_timer retry_timer;   /* a server input that could not be stored */
    wheel_timer budget_timer;  /* the thinking bots' time budget */
    int bot_budget_ms;         /* a bot answers with its best after this; 0: no limit */
    bool bots_paused;          /* nobody is watching: bots do not move */
    uint64_t bot_next_ok;      /* loop ms before which no bot acts */
    table_work *work;
    table_think *think;
} table;

void table_init(table *t, uv_loop_t *loop, sched *s, const game_engine *e, const table_ops *ops,
                void *host, int bot_pace_ms);

/* Creates the game (not yet in play): 0, or -1 with err set. */
int table_deal(table *t, const json_t *options, int nseats, game_seeds seeds, game_error *err);
/* The dealt game starts: its clock runs from now, `applied` shows it. */
void table_play(table *t);
/* Rebuilds a restored game from its log (store_inputs's form), checking
 * that its seqs run 1, 2, ... and that the engine takes every input; the
 * clock then runs on from clock_ms. -1 with err set (and no game) if the
 * log does not replay exactly. */
int table_replay(table *t, const json_t *options, int nseats, game_seeds seeds,
                 const json_t *inputs, int64_t clock_ms, game_error *err);

/* An action of seat's player (id is echoed to it). */
table_outcome table_act(table *t, int seat, const json_t *action, const json_t *id,
                        game_error *err);
/* Bots stop moving (and stop thinking) while paused, and go on when not. */
void table_pause_bots(table *t, bool paused);
/* Which seats bots play (level, or -1), after the seats changed. */
void table_set_bots(table *t, const int *levels, int nseats);

/* What `seat` sees (GAME_SEAT_SPECTATOR for onlookers). New reference. */
json_t *table_view(const table *t, int seat);
/* The running deadline as {"at": wall ms, "remaining_ms"}, or null. */
json_t *table_deadline_json(const table *t);
/* The game clock (ms). */
int64_t table_clock(const table *t);
bool table_over(const table *t);

/* Drops the game and stops every timer (the table can deal again). */
void table_clear(table *t);
/* Clears, then closes the deadline timer; done gets its handle. */
void table_close(table *t, uv_close_cb done);

#endif
