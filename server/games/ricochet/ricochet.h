/*
 * ricochet.h: Ricochet Robots at the table, engine id "ricochet".
 *
 * The board, moves and the exact solver are their own modules
 * (ricochet_board.h, ricochet_move.h, ricochet_solver.h, ricochet_json.h);
 * this header is the table of contents of the game on top of them: the
 * round flow (ricochet_game.c: reveal, simultaneous bids, the sand timer and
 * the idle rule, demonstrations in order, chips, the end), its JSON faces
 * (ricochet_view.c: views, events, the result), the bots (ricochet_bot.c)
 * with their bounded searches (ricochet_seek.c), and the bot-level bench
 * (ricochet_botbench.c, in the tools library). Rules: the seed 001 text and
 * RULINGS §1. The wire formats: protocol/PROTOCOL.md, section "ricochet:
 * Ricochet Robots".
 *
 * The solver never runs on the loop thread: the game asks for it through
 * work_request while the round's optimum is unknown, and takes the answer
 * as a logged {"kind":"work_done"} input from GAME_SEAT_SERVER.
 *
 * Bots read a game only through the accessors below: public facts, plus
 * the round's optimum once the server has logged it (the bots' own
 * knowledge; it reaches the players' views only when the round ends).
 */
#ifndef BOTPIT_RICOCHET_H
#define BOTPIT_RICOCHET_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "ricochet_board.h"
#include "ricochet_move.h"
#include "ricochet_solver.h"

enum {
    RICOCHET_MIN_SEATS = 2,
    RICOCHET_MAX_SEATS = 8,
    RICOCHET_MAX_BID = 99,
};

typedef enum ricochet_phase {
    RICOCHET_PHASE_BIDDING,    /* a chip is revealed; bids are open */
    RICOCHET_PHASE_DEMO,       /* the sand timer ran out; bidders demonstrate in order */
    RICOCHET_PHASE_ROUND_OVER, /* a short pause: the result and the optimal solution */
    RICOCHET_PHASE_OVER,
} ricochet_phase;

/* How a demonstration ended. */
typedef enum ricochet_demo_end {
    RICOCHET_DEMO_SOLVED,
    RICOCHET_DEMO_OUT_OF_MOVES, /* the moves reached the bid without a solution */
    RICOCHET_DEMO_GAVE_UP,
    RICOCHET_DEMO_TIME,         /* demo_s passed */
} ricochet_demo_end;

/* What the server's solver said about a round. */
typedef enum ricochet_known {
    RICOCHET_KNOWN_NOTHING, /* still solving */
    RICOCHET_KNOWN_OPTIMUM,
    RICOCHET_KNOWN_BOUND,   /* gave up: only a lower bound */
    RICOCHET_KNOWN_NONE,    /* no solution within the solver's move limit */
} ricochet_known;

typedef struct ricochet_optimum {
    ricochet_known known;
    int nmoves; /* the optimum, when known */
    ricochet_move moves[RICOCHET_MAX_MOVES];
    int lower_bound;
    uint64_t nodes;
} ricochet_optimum;

extern const game_engine ricochet_engine;
extern const char *const ricochet_bot_levels[];

/* ---- the public record (ricochet_game.c), for bots, tests and tools ---- */

int ricochet_seats(const game *g);
ricochet_phase ricochet_phase_of(const game *g);
int ricochet_round_no(const game *g); /* from 1 */
const ricochet_board *ricochet_board_of(const game *g);
/* The round in progress: start position, robots now, target, active robot,
 * the rule and the moves of the demonstration under way. Borrowed. */
const ricochet_round *ricochet_round_of(const game *g);
int64_t ricochet_revealed_at(const game *g);
/* Game time the sand timer runs out, or GAME_NO_DEADLINE before it starts. */
int64_t ricochet_timer_end(const game *g);
/* Earliest game time a player may start the timer by hand (the idle rule). */
int64_t ricochet_start_timer_at(const game *g);
/* A seat's bid this round, 0 for none. */
int ricochet_bid_of(const game *g, int seat);
bool ricochet_any_bid(const game *g);
/* The seat demonstrating now, or -1; when it began and when its last move was. */
int ricochet_demonstrator(const game *g);
int64_t ricochet_demo_started_at(const game *g);
int64_t ricochet_last_move_at(const game *g);
/* The moves of the demonstration under way, in order; returns their count. */
int ricochet_demo_moves(const game *g, ricochet_move *out, int max);
int ricochet_chips_of(const game *g, int seat);
/* The server's solver's answer for the round in progress. Borrowed. */
const ricochet_optimum *ricochet_optimum_of(const game *g);
/* The bots' thinking-time scale in percent (option bot_think_pct). */
int ricochet_think_pct(const game *g);

/* For tests and tools only (not the engine contract): puts the robots on
 * `cells` (nrobots of them, distinct, off the centre block) and reveals
 * `chip` (an index into ricochet_chips, which must still be in the pile) as
 * a fresh round at game time `at`. Returns -1 if any of that is not so. */
int ricochet_set_round(game *g, const uint8_t *cells, int chip, int64_t at);

/* ---- JSON faces (ricochet_view.c) ---- */

/* The chip as {"color": "red", "symbol": "circle", "x": 3, "y": 9, "cell": 147}. */
json_t *ricochet_target_json(const ricochet_board *b, int chip);
/* Robots by colour: {"red": {"x": 2, "y": 14, "cell": 226}, ...}. */
json_t *ricochet_robots_json(const ricochet_position *p);

/* ---- bounded searches for bots (ricochet_seek.c) ---- */

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

/* ---- bots (ricochet_bot.c) and their bench (ricochet_botbench.c) ---- */

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

/* `botpit bench ricochet --bots`: bot levels against each other over many
 * rounds. argv[0] is "ricochet". */
int ricochet_bench_bots(int argc, char **argv);

#endif
