/*
 * manoover_bot.h: the Robot Attack bots.
 *
 * A bot plays one action per call (the room asks again after every state
 * change), re-planning the rest of its control phase each time.
 *   easy    a random legal action (pass included)
 *   normal  greedy: tries every sequence of actions its dice allow, plays the
 *           automatic phase that follows, and keeps the position a hand-set
 *           evaluation likes best
 *   hard    expectimax: normal's search with an evaluation fitted to
 *           self-play results (one set of weights per phase of the game)
 *           gives its best 12 ends of the turn. Each is scored over every
 *           distinct throw of the rival, with its probability (three players
 *           and the plus variant: 10 sampled throws per player), followed by
 *           the reply normal would play (normal's own search and weights).
 *           Where the throws were weighed one by one, the best 4 are then
 *           played out 64 times each to the end of the game (at most 12
 *           turns, then the evaluation): the others as normal plays, itself
 *           as its one-turn search, every end meeting the same 64 sampled
 *           streams of throws. The best average result (a win 1, a tie -0.3,
 *           a loss -1) is played
 * Searches are bounded by node and evaluation counts (MANOOVER_BOT_MAX_NODES
 * in all), never by time, so a bot's choice depends only on the position and
 * the salt, unless the room cancels the call first.
 */
#ifndef MANOOVER_BOT_H
#define MANOOVER_BOT_H

#include "manoover_game.h"
#include "manoover_rules.h"

typedef enum manoover_bot_level {
    MANOOVER_BOT_EASY,
    MANOOVER_BOT_NORMAL,
    MANOOVER_BOT_HARD,
} manoover_bot_level;

typedef enum manoover_act_kind {
    MANOOVER_ACT_TURN,
    MANOOVER_ACT_STEP,
    MANOOVER_ACT_PASS,
} manoover_act_kind;

/* One control action: turn robot `robot` to `dir`, step it, or pass. */
typedef struct manoover_action {
    uint8_t kind;  /* manoover_act_kind */
    uint8_t robot; /* number, 1-based */
    uint8_t dir;   /* for a turn */
} manoover_action;

/* Work a call did, for the bench. */
typedef struct manoover_bot_stats {
    long nodes; /* positions generated */
    long evals; /* positions evaluated */
} manoover_bot_stats;

/* The most positions one call generates, at any level: past it, or once
 * the room raises *cancel, a bot plays the best it has found so far. */
#define MANOOVER_BOT_MAX_NODES 450000

/* The engine's bot() entry (game.h). Returns a new action object or NULL. */
json_t *manoover_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                     int64_t *wake_ms, const volatile int *cancel);

/* The action a bot of `level` takes; stats may be NULL. Once *cancel (if
 * not NULL) is raised it plays the best it has found so far. */
manoover_action manoover_bot_choose(const manoover_situation *s, int level, uint64_t salt,
                                    const volatile int *cancel, manoover_bot_stats *stats);

/* The legal actions of s (pass last), at most 6 per die plus pass; returns
 * how many. */
int manoover_bot_legal(const manoover_situation *s, manoover_action *out);

/* The action as an act() object. */
json_t *manoover_action_json(const manoover_action *a);

/* The features hard's evaluation weighs, seen from `seat`, as
 * `botpit manoover-fit` records them: MANOOVER_BOT_FEATURES numbers. */
#define MANOOVER_BOT_FEATURES 19
void manoover_bot_features(const manoover_pos *p, int seat, double *out);

/* Hard weighs the features differently as robots run out: the phase of the
 * game, 0 while every seat in play has five robots or more on the board,
 * then 1, 2, 3, 4 as the fewest left to a seat in play is 4, 3, 2, 1. */
#define MANOOVER_BOT_PHASES 5
int manoover_bot_phase(const manoover_pos *p);

#endif
