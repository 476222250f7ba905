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
 * manoover_bot.[ch] (easy, normal, hard), manoover_bench.c (`botpit bench
 * manoover`), manoover_fit.c (`botpit manoover-fit`, which refits the hard
 * bot's evaluation weights by self-play).
 *
 * ## Options
 *   variant   "standard" (2 players, R = 3, six robots, three d6),
 *             "three" (3 players, R = 4, three goals),
 *             "plus" (2 players, R = 4, eight robots, four d8)
 *   alternate false: with it, a player's first turn is a control phase only
 *             and every later turn is the automatic phase, then control
 *   match_to  21; 0 = a single game. Left at the default 21, "plus" plays to
 *             30 as its rules advise (view.match.to shows the real target)
 *
 * ## Actions (only the seat in view.turn, during phase "control")
 *   {"kind":"turn","robot":2,"dir":"NE"}  uses a die showing 2: new arrow
 *   {"kind":"step","robot":2}             uses a die showing 2: one step
 *   {"kind":"pass"}                       ends the control phase, dice unused
 * When the last die is used (or the player passes) the engine plays the
 * automatic phase itself and throws the next player's dice, in the same call.
 *
 * ## View (view(seat); the same for everyone but "you" and "legal")
 *   variant, title, alternate, radius, seats, colours ["red","blue"],
 *   robots_per_seat, dice_count, dice_faces,
 *   goals     [{"owner":0,"cell":[0,-3]}, ...]
 *   robots    on the board: [{"owner":0,"number":1,"cell":[-3,3],"dir":"N"}]
 *   scored    per seat, the robots in its goal in order of entry:
 *             [[{"owner":1,"number":4}], []]
 *   score     per seat, how many: [1, 0]
 *   off_board robots that left the board: [{"owner":1,"number":6}]
 *   alive     per seat, robots on the board; out: per seat, none left
 *   game      number of the game in the match (1, 2, ...)
 *   turn      the seat whose turn it is; turn_number (1 = first turn)
 *   phase     "control" (waiting for view.turn) | "over" (this game ended)
 *             ("automatic" is never seen: the engine plays it at once)
 *   first_player {"rounds":[[3,5]],"seat":1}: game 1's first-player throws
 *             (null = that seat did not throw again), and who won them
 *   game_first the seat that began this game, game_first_reason why
 *   roll      the current control phase's throw (see event "roll") or null
 *   dice      the dice on the table: [{"value":2,"robot":2,"used":false,
 *             "usable":true}] (usable: unused and its robot still on board)
 *   set_aside values of dice set aside after the re-roll
 *   legal     only in the view of the seat to move, during its control phase:
 *             {"robots":[{"number":2,"dice":2,"step":true,
 *             "turn":["NE","SE","S","SW","NW"]}],"pass":true}
 *   match     {"to":21,"totals":[9,4],"games":[<history>],"over":false,
 *             "winners":[],"next_game_at":12000 | null}
 *             history: {"game":1,"first":0,"reason":"no_robots","turns":23,
 *             "scored":[2,3],"bonus":[0,4],"points":[2,7],"winners":[1]}
 *   you       the seat asked for (-1 spectator)
 *
 * ## Events (JSON objects, in order; robots are {"owner":s,"number":n})
 *   {"kind":"game_start","game":2,"first":1,"reason":"lower total"}
 *   {"kind":"turn_start","seat":0,"turn":7}
 *   {"kind":"phase","phase":"automatic"|"control","seat":0}
 *   {"kind":"roll","seat":0,"dice":[2,2,6],"first":[2,5,6],
 *    "rerolled":[{"die":1,"from":5,"to":2}],"kept":[2,2,6],"set_aside":[]}
 *      dice: the final values; first: the first throw; kept: the dice that
 *      give actions; set_aside: dice that still name removed robots
 *   {"kind":"turned","seat":0,"robot":R,"die":2,"from_dir":"NW","dir":"NE"}
 *   {"kind":"step","phase":"control"|"automatic","seat":0,"robot":R,
 *    "die":6 (control only),"dir":"N","from":[q,r],"to":[q,r],
 *    "pushes":[{"robot":R,"from":[q,r],"to":[q,r]}]}   nearest robot first;
 *      a "to" off the board or on a goal is where the robot went out
 *   {"kind":"scored","robot":R,"goal":1,"cell":[0,3],"score":[0,4]}
 *   {"kind":"off_board","robot":R,"cell":[q,r]}   cell: just past the edge
 *   {"kind":"player_out","seat":2}                no robot left
 *   {"kind":"pass","seat":0,"unused":[4]}
 *   {"kind":"game_over","game":1,"reason":"no_robots"|"turn_limit",
 *    "scored":[2,3],"winners":[1],"bonus":[0,4],"points":[2,7],
 *    "totals":[2,7],"match_over":false,"next_game_at":12000 | null}
 *   {"kind":"match_over","winners":[1],"totals":[14,23]}  (matches only)
 *
 * ## Result
 *   {"winners":[1],"scores":[14,23],"summary":"Blue wins the match 23 to 14",
 *    "match_to":21,"games":[<history>]}; a single game scores robots in goal
 *   and a tie lists every tied seat as a winner.
 *
 * ## Decided here, where the seed and RULINGS are silent
 *   - A game still running after MANOOVER_TURN_LIMIT turns (robots can push
 *     each other back and forth forever) ends there, scored as it stands
 *     (reason "turn_limit").
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
