/*
 * robotwars_rules.h: the rules of Robot Wars that hold whatever the state of
 * a game, and their data: the reconstruction kept as data
 * (robotwars_data.c: the war zone, the start squares, the dice faces, the
 * capability limits, the weapon cards, the tournament shapes), one battle's
 * mechanics on an rw_arena (robotwars_rules.c: steps, pushes, turns,
 * attacks, penalty areas, the house robots, damage rolls, the pit, the
 * discs and their default allocation) and the tournament
 * (robotwars_bracket.c: stages, draws, byes, advancement). Pure: shared by
 * the game and the bots' look-ahead.
 *
 * Geometry. Cells are numbered y*12 + x, x west→east, y north→south; on the
 * wire a cell is [x, y]. Directions are 0..3 clockwise from N (N E S W).
 * Capabilities are 0..2 (Speed, Power, Manoeuvrability).
 */
#ifndef BOTPIT_ROBOTWARS_RULES_H
#define BOTPIT_ROBOTWARS_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "util/rng.h"

enum {
    RW_SIZE = 12,
    RW_CELLS = RW_SIZE * RW_SIZE,
    RW_MAX_SEATS = 6,
    RW_MAX_IN_BATTLE = 3,
    RW_THROWS = 10,        /* disc throws before each battle */
    RW_TURN_LIMIT = 15,    /* turns per roboteer in a battle (option turn_limit: at most) */
    RW_PIT_AFTER = 5,      /* turns each before the pit opens */
    RW_PENALTY = 5,        /* damage points of a penalty area */
    RW_DAMAGE_STEP = 5,    /* a damage roll at each multiple of this */
    RW_DECK = 18,          /* weapons cards */
    RW_MAX_BATTLES = 7,    /* best of 7; a tournament has at most 5 */
    RW_MAX_STAGES = 3,
    RW_MAX_LOADED = 32,    /* dice a test may load */
};

typedef enum rw_tile { RW_FLOOR, RW_CPZ, RW_SPIKES, RW_SAW, RW_FLAME, RW_PIT, RW_TILES } rw_tile;
typedef enum rw_dir { RW_N, RW_E, RW_S, RW_W } rw_dir;
typedef enum rw_cap { RW_SPEED, RW_POWER, RW_MANOEUVRABILITY, RW_CAPS } rw_cap;
/* A face of a damage die: a capability (rw_cap values), blank or RIP. */
typedef enum rw_face { RW_FACE_BLANK = RW_CAPS, RW_FACE_RIP } rw_face;
typedef enum rw_die { RW_DIE_ATTACK, RW_DIE_HOUSE } rw_die;
/* The face of a robot another robot runs into. */
typedef enum rw_side { RW_SIDE_FRONT, RW_SIDE_BACK, RW_SIDE_SIDE } rw_side;
/* Why a robot was immobilised. */
typedef enum rw_out { RW_OUT_NONE, RW_OUT_SPEED, RW_OUT_PIT, RW_OUT_RIP } rw_out;
typedef enum rw_stage { RW_STAGE_MATCH, RW_STAGE_HEAT, RW_STAGE_SEMI, RW_STAGE_FINAL } rw_stage;
typedef enum rw_phase { RW_PHASE_SETUP, RW_PHASE_BATTLE, RW_PHASE_OVER } rw_phase;

/* ---- data (robotwars_data.c) ---- */

/* The war zone, one string per row (y), one letter per square:
 * '.' floor, 'C' corner patrol zone, 's' spikes, 'w' circular saw,
 * 'F' flame grill, 'P' pit. */
extern const char *const rw_board_rows[RW_SIZE];
/* rw_tile of each letter of rw_board_rows, and the wire names of tiles. */
rw_tile rw_tile_of_letter(char c);
extern const char *const rw_tile_names[RW_TILES];

typedef struct rw_start {
    int x, y;
    rw_dir facing;
} rw_start;
/* Start squares by the number of robots in a battle (2 or 3), in order of
 * play: the i-th roboteer in the order takes the i-th square. */
extern const rw_start rw_starts_2[2];
extern const rw_start rw_starts_3[3];

/* A corner patrol zone: its squares and the diagonal its house robot throws
 * toward (one square of x and of y per square thrown). */
typedef struct rw_zone {
    int x0, y0, x1, y1;
    int dx, dy;
} rw_zone;
extern const rw_zone rw_zones[4];
extern const int rw_throw_squares; /* how far a house robot throws */

typedef struct rw_cap_info {
    const char *name; /* "speed" */
    const char *title; /* "Speed" */
    int base, max;
} rw_cap_info;
extern const rw_cap_info rw_caps[RW_CAPS];

/* Faces of the dice, by roll 1..6 at index 0..5: rw_cap values, blank or RIP. */
extern const int rw_die_faces[2][6];
extern const char *const rw_face_names[RW_FACE_RIP + 1]; /* "speed" ... "blank" "rip" */
extern const char *const rw_die_names[2];                /* "attack" "house" */
/* Does a disc throw of `roll` win a disc? (2, 4 or 6.) */
bool rw_disc_won(int roll);

/* Weapons cards: the value is the rule, the name is flavour. */
typedef struct rw_weapon {
    int value;
    const char *name;
} rw_weapon;
extern const rw_weapon rw_deck[RW_DECK];

/* Directions: names and offsets. */
extern const char *const rw_dir_names[4];
extern const int rw_dx[4], rw_dy[4];
extern const char *const rw_side_names[3];
extern const char *const rw_out_names[4];
extern const char *const rw_stage_names[4];
extern const char *const rw_seat_names[RW_MAX_SEATS];

/* The tournament for `seats` roboteers (3..6): its stages in order, each a
 * number of battles of a number of robots; the entrants of a stage not in
 * any battle have a bye. */
typedef struct rw_stage_shape {
    rw_stage stage;
    int battles;
    int robots; /* per battle */
} rw_stage_shape;
typedef struct rw_shape {
    int stages;
    rw_stage_shape s[RW_MAX_STAGES];
} rw_shape;
extern const rw_shape rw_shapes[RW_MAX_SEATS + 1]; /* by seats; [3..6] used */

/* ---- one battle (robotwars_rules.c) ---- */

/* The dice of a game: the open stream, plus rolls a test may load. */
typedef struct rw_dice {
    rng r;
    int loaded[RW_MAX_LOADED];
    int nloaded, next_loaded;
} rw_dice;

/* A d6 roll: the next loaded die if any, else the stream. */
int rw_roll(rw_dice *d);

typedef struct rw_robot {
    int seat;
    int cell;
    int facing;
    int cap[RW_CAPS];
    int damage;
    int weapon; /* the weapon card's value */
    int turns_taken;
} rw_robot;

/* The robots of a battle, in order of play. */
typedef struct rw_arena {
    int n;
    rw_robot r[RW_MAX_IN_BATTLE];
    bool pit_open;
    int out;     /* the robot (index) immobilised, -1 while all move */
    rw_out out_why;
} rw_arena;

/* How the rules report what happens. With dice, damage is rolled and every
 * event goes to `events` (if not NULL). Without (a bot's look-ahead), no die
 * is rolled: each roll due adds its expected losses to `risk` instead. */
typedef struct rw_ctx {
    rw_dice *dice;
    json_t *events;
    float risk[RW_MAX_IN_BATTLE]; /* look-ahead: expected capability steps lost */
    float rip[RW_MAX_IN_BATTLE];  /* look-ahead: chance of being immobilised */
    int rolls[RW_MAX_IN_BATTLE];  /* look-ahead: damage rolls due */
} rw_ctx;

/* One robot's turn in progress. Its allowances are fixed when it starts. */
typedef struct rw_turn {
    int who;        /* arena index */
    int moves;      /* moves left: steps and attacks */
    int turns;      /* 90° turns left */
    bool final_turn; /* Manoeuvrability 0: one turn, and it ends the turn */
} rw_turn;

typedef enum rw_act {
    RW_ACT_FORWARD,
    RW_ACT_BACK,
    RW_ACT_ATTACK,
    RW_ACT_LEFT,
    RW_ACT_RIGHT,
    RW_ACT_END,
    RW_ACTS
} rw_act;
extern const char *const rw_act_names[RW_ACTS]; /* "forward" ... "end" */

/* What a step would do. */
typedef struct rw_step {
    int dir;      /* direction of travel */
    int from, to; /* the mover's squares */
    int pushed;   /* arena index of the robot run into, or -1 */
    rw_side side; /* its face struck */
    int push_to;  /* where the push would put it, -1 off the war zone */
    bool blocked; /* a wall or robot behind it: nobody moves, the move is spent */
} rw_step;

static inline int rw_cell(int x, int y) { return y * RW_SIZE + x; }
static inline int rw_x(int cell) { return cell % RW_SIZE; }
static inline int rw_y(int cell) { return cell / RW_SIZE; }
/* The square next to `cell` in `dir`, or -1 off the war zone. */
int rw_next(int cell, int dir);
/* The square `cell` plus (dx, dy), or -1 off the war zone. */
int rw_offset(int cell, int dx, int dy);
rw_tile rw_tile_at(int cell);
/* The zone holding `cell`, or NULL. */
const rw_zone *rw_zone_of(int cell);
/* A penalty area (spikes, saw, flame grill or a corner patrol zone)? */
bool rw_is_penalty(rw_tile t);
/* The robot (index) on `cell`, or -1. */
int rw_robot_at(const rw_arena *a, int cell);

/* Fills an arena for `n` robots (seats in order of play) on their start
 * squares, with the capabilities and weapons given (by order index). */
void rw_arena_start(rw_arena *a, int n, const int seats[], const int caps[][RW_CAPS],
                    const int weapons[]);
/* The allowances of robot i's turn starting now. */
void rw_turn_start(const rw_arena *a, int i, rw_turn *t);
/* The face of robot j that a robot travelling in `dir` runs into. */
rw_side rw_side_struck(const rw_robot *j, int dir);
/* Can a robot of this Power push a robot on that face? */
bool rw_power_pushes(int power, rw_side side);
/* Plans a step of robot i (back: backwards). 0, or -1 with err ("illegal")
 * for a wall or a face its Power cannot push. */
int rw_step_plan(const rw_arena *a, int i, bool back, rw_step *s, game_error *err);
/* The robot (index) touching robot i's front, or -1. */
int rw_attack_target(const rw_arena *a, int i);
/* Legal actions of the turn (a mask of 1 << rw_act), RW_ACT_END included
 * while the battle goes on. */
unsigned rw_legal(const rw_arena *a, const rw_turn *t);
/* Why `act` is not legal now: 0 if it is, else -1 with err ("illegal"). */
int rw_check(const rw_arena *a, const rw_turn *t, rw_act act, game_error *err);
/* Applies a legal action. Returns true when the turn is over: ended,
 * nothing left to do, or a robot immobilised (a->out). */
bool rw_do(rw_arena *a, rw_turn *t, rw_act act, rw_ctx *ctx);
/* Scores `points` against robot j and rolls `die` once per multiple of 5
 * reached or passed (stopping once it is immobilised). */
void rw_score(rw_arena *a, int j, int points, rw_die die, rw_ctx *ctx);
/* Robot j has entered `cell` (already standing on it): penalty areas, the
 * house robot's throw, the open pit. */
void rw_enter(rw_arena *a, int j, rw_ctx *ctx);
/* Opens the pit: a robot standing on it falls in. */
void rw_open_pit(rw_arena *a, rw_ctx *ctx);

/* ---- discs (robotwars_rules.c) ---- */

/* Discs a roboteer must place: all it won, unless every capability would
 * reach its maximum first. */
int rw_discs_to_place(int discs);
/* Places `discs` from base one at a time in `order` (capabilities, ended by
 * -1), passing over a capability at its maximum, then any left wherever
 * they fit, the first capability first (into add[]). */
void rw_allocate_in_order(const int *order, int discs, int add[RW_CAPS]);
/* The default allocation (RULINGS §4): where the discs of a roboteer who
 * has not allocated by the set-up deadline go: Speed, Speed, Power, Speed,
 * Speed, Power, then Manoeuvrability three times, then wherever they fit.
 * The normal bot allocates so too (it reads this rule). */
void rw_default_allocation(int discs, int add[RW_CAPS]);

/* ---- the tournament (robotwars_bracket.c) ---- */

typedef struct rw_battle {
    rw_stage stage;
    int stage_index; /* which stage of the tournament, from 0 */
    int n;           /* robots */
    int seats[RW_MAX_IN_BATTLE]; /* as drawn, -1 before the draw */
    int order[RW_MAX_IN_BATTLE]; /* order of play, once rolled */
    bool drawn, started, done;
    int eliminated;  /* seat */
    rw_out how;      /* RW_OUT_NONE: the turn limit */
    bool tie_break;
    int rounds;      /* turns each at the end */
    int damage[RW_MAX_IN_BATTLE]; /* by order of play */
} rw_battle;

typedef struct rw_bracket {
    int seats;
    bool match;
    int best_of;
    int nbattles;
    rw_battle b[RW_MAX_BATTLES];
    int stage_first[RW_MAX_STAGES + 1]; /* first battle of each stage; [stages] = nbattles */
    int nstages;
    int byes[RW_MAX_STAGES][RW_MAX_SEATS]; /* seats with a bye in each stage */
    int nbyes[RW_MAX_STAGES];
    int wins[RW_MAX_SEATS]; /* battles won (survived) per seat */
    int champion;           /* seat, -1 until the end */
} rw_bracket;

/* The empty bracket for `seats` (2: a match of best_of). */
void rw_bracket_init(rw_bracket *b, int seats, int best_of);
/* Draws the battles of stage `s` from its entrants (the seats that survived
 * the stage before, or everyone), at random. */
void rw_bracket_draw(rw_bracket *b, int s, rng *r);
/* Records battle k's end (the seat eliminated) and says what comes next:
 * the index of the next battle, or -1 when the game is won. Draws the next
 * stage when one is complete (*drew set to its index, else -1). */
int rw_bracket_after(rw_bracket *b, int k, int eliminated, rng *r, int *drew);
/* The seats still in the running (not eliminated), as a mask. */
unsigned rw_bracket_alive(const rw_bracket *b);
/* "Heat 2", "Semi-final 1", "The final", "Battle 3". */
void rw_battle_title(const rw_bracket *b, int k, char *buf, size_t len);

#endif
