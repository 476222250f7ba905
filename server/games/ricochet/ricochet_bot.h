/*
 * ricochet_bot.h: the bots (ricochet_bot.c) and their bounded searches
 * (ricochet_bot_seek.c). They read a game through ricochet_game.h and
 * search with ricochet_move.h; nothing of the game calls them but the
 * engine's table.
 */
#ifndef BOTPIT_RICOCHET_BOT_H
#define BOTPIT_RICOCHET_BOT_H

#include "ricochet_rules.h"

/* ---- bounded searches (ricochet_bot_seek.c) ---- */

typedef struct ricochet_seek_limits {
    int helpers;   /* moves of robots other than the active one allowed (vortex: ignored) */
    int max_depth; /* longest solution looked for */
    int max_nodes; /* positions kept at most */
} ricochet_seek_limits;

/* A shortest solution under the limits (breadth-first), legal under the
 * round's rules: returns its length and fills moves (RICOCHET_MAX_MOVES
 * room), or -1 when none was found within the limits or once *cancel (if
 * not NULL) is raised. Starts from the round's start position. Allocates a
 * table for the call only. */
int ricochet_seek(const ricochet_board *b, const ricochet_round *r, const ricochet_seek_limits *lim,
                  const volatile int *cancel, ricochet_move *moves);

/* ---- bots (ricochet_bot.c) ---- */

/* The engine's bot() (game.h): once *cancel is raised, the searches not
 * yet done count as finding nothing, and the bot acts on the rest. */
json_t *ricochet_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                     int64_t *wake_ms, const volatile int *cancel);

/* What a bot of `level` in `seat` has in mind this round: its best solution
 * found by game time now_ms (length, or -1), and the game time it next
 * thinks of something better (GAME_NO_DEADLINE if never). cancel may be
 * NULL. */
int ricochet_bot_plan(const game *g, int seat, int level, int64_t now_ms, ricochet_move *moves,
                      int64_t *next_ms, const volatile int *cancel);

#endif
