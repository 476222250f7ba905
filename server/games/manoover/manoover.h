/*
 * manoover.h: the Robot Attack / MANOOVER engine (engine id "manoover").
 *
 * Two or three players steer numbered robots on a hexagonal board. A turn is
 * a control phase (dice name robots; one action per die: turn the robot's
 * arrow or step it forward) and an automatic phase (the player's robots step
 * forward in number order, pushing whatever stands in front of them). Robots
 * entering a goal score for its owner, whatever their colour; the game ends
 * the moment a player has no robot left (three players: a second player).
 * Rules: the seed 000_9f0cb3af72169154.txt and RULINGS §2.
 *
 * Files: manoover_layout.[ch] (boards and set-ups, data only),
 * manoover_rules.[ch] (positions, steps, pushes, dice throws),
 * manoover_game.c (this contract: options, turns, matches, JSON),
 * manoover_bot.[ch] (easy, normal, hard); in the tools library,
 * manoover_bench.c (`botpit bench manoover`) and manoover_fit.c (`botpit
 * manoover-fit`, which refits the hard bot's evaluation weights by
 * self-play).
 *
 * The wire formats (options, actions, view, events, result) are in
 * protocol/PROTOCOL.md, section "manoover: Robot Attack (MANOOVER)". The
 * engine plays the automatic phase itself, and throws the next player's
 * dice, in the call that ends a control phase.
 *
 * The turn cap (MANOOVER_TURN_LIMIT, 400 turns of all players together)
 * and match_to's default by variant are RULINGS §2.
 *
 * ## Decided here, where the seed and RULINGS are silent
 *   - Three players: a player out of robots takes no more turns, but robots
 *     entering that player's goal still score for it.
 *   - Three-player set-ups (data, manoover_layout.c): every robot of a group
 *     points the way from its corner to the centre; numbered from the
 *     player's left, the corner 3 and the cell inward 4.
 *   - The first-player throw is a d6 in every variant.
 */
#ifndef MANOOVER_H
#define MANOOVER_H

#include "games/game.h"
#include "manoover_rules.h"
#include "util/rng.h"

/* After a game of an undecided match, the result stays on screen this long
 * before the next game starts (by tick). */
#define MANOOVER_NEXT_GAME_DELAY_MS 5000

extern const game_engine manoover_engine;

typedef enum manoover_phase { MANOOVER_PHASE_CONTROL, MANOOVER_PHASE_OVER } manoover_phase;

typedef struct manoover_die {
    uint8_t value; /* the robot it names */
    bool used;     /* spent on an action, or passed */
} manoover_die;

/* The game. Private to the engine's files and its tests; the room sees only
 * the opaque type. Owns first_roll and history. */
struct game {
    const manoover_layout *layout;
    bool alternate;
    int match_to; /* the match target as resolved; 0 = one game */
    rng rng;
    manoover_pos pos;
    manoover_phase phase;
    int turn;              /* seat to act */
    bool has_roll;         /* roll is this control phase's throw */
    manoover_roll roll;
    int ndice;             /* dice on the table (kept after the re-roll) */
    manoover_die dice[MANOOVER_MAX_DICE];
    int game_no;           /* 1-based */
    int first_seat;        /* who began this game */
    const char *first_reason;
    json_t *first_roll;    /* {"rounds":[...],"seat":s}: game 1's throws */
    int totals[MANOOVER_MAX_SEATS];
    json_t *history;       /* finished games */
    int64_t next_game_at;  /* GAME_NO_DEADLINE unless between match games */
    bool match_over;
    int nwinners;
    int winners[MANOOVER_MAX_SEATS]; /* of the match, once over */
};

/* Tests and tools: replaces the position and starts a control phase of
 * `seat` with the given dice (all kept), as if thrown. Keeps game and match
 * bookkeeping. Returns -1 if the seat or a die is out of range. */
int manoover_game_load(game *g, const manoover_pos *pos, int seat, const int *dice, int ndice);

/* The dice `seat`'s next action may use: values of unused dice naming robots
 * on the board. Returns how many. */
int manoover_game_usable_dice(const game *g, uint8_t out[MANOOVER_MAX_DICE]);

/* The engine's bench (`botpit bench manoover`), in manoover_bench.c. */
int manoover_bench(int argc, char **argv);

#endif
