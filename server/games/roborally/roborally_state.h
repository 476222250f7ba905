/*
 * roborally_state.h: RoboRally's plain data, below every module of the engine: a
 * course (static, generated from data/roborally/ or built by a test), the
 * pieces standing on it (the floor), the robots' own state, RoboBall's, and
 * the position (rr_state) the rules run on. Nothing here does anything; the
 * modules that do are listed in roborally.h.
 *
 * Everything is plain data (courses and hook tables are constant and
 * shared), so a bot copies a position with `=` and runs the same rules on
 * the copy to see what a program would do.
 *
 * Geometry. x runs east 0..width-1, y south 0..height-1; a cell is
 * y*width + x, RR_OFF for "off the course". Directions are 0..3 clockwise
 * from north (RR_N, RR_E, RR_S, RR_W). Walls are stored on both cells of an
 * interior side.
 */
#ifndef BOTPIT_RR_STATE_H
#define BOTPIT_RR_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "roborally_cards.h"

enum {
    RR_N,
    RR_E,
    RR_S,
    RR_W,
    RR_DIRS,
    RR_OFF = -1,
    RR_MAX_SIDE = 24,
    RR_MAX_CELLS = RR_MAX_SIDE * RR_MAX_SIDE,
    RR_MAX_FLAGS = 8,
    RR_MAX_DOCKS = 8,
    RR_MAX_ROBOTS = 8,
    RR_MAX_PIECES = RR_MAX_ROBOTS + 1, /* the robots by seat, then room for one piece more */
};

/* ---- the course (static data) ---- */

typedef enum rr_floor_kind {
    RR_PLAIN,
    RR_PIT,
    RR_BELT,
    RR_EXPRESS,
    RR_GEAR_CW,
    RR_GEAR_CCW,
    RR_WRENCH,        /* single wrench: repairs 1 */
    RR_WRENCH_HAMMER, /* crossed wrench and hammer: repairs 2, or 1 and an option card */
} rr_floor_kind;

typedef struct rr_cell {
    uint8_t walls;     /* bit d: a wall on side d */
    uint8_t kind;      /* rr_floor_kind */
    int8_t out;        /* belts: the exit direction; else -1 */
    uint8_t in;        /* belts: bit d when a belt feeds in through side d */
    int8_t push;       /* pushers: the direction pushed; else -1 */
    uint8_t push_regs; /* pushers: bit r (0..4) when active in register r+1 */
    uint8_t flag;      /* flag number 1..n, 0 if none */
    uint8_t dock;      /* docking bay start 1..8, 0 if none */
} rr_cell;

typedef struct rr_laser {
    int16_t cell;  /* the emitter's cell, the first lit */
    uint8_t dir;   /* where the beam travels */
    uint8_t count; /* beams: damage per hit */
} rr_laser;

typedef struct rr_dock {
    int16_t cell;
    uint8_t facing;
} rr_dock;

typedef struct rr_course {
    const char *id, *name, *length; /* "risky_exchange", "Risky Exchange", "medium" */
    int min_players, max_players;   /* as the course book suggests */
    int width, height;
    const rr_cell *cells;           /* width*height */
    int nlasers;
    const rr_laser *lasers;
    int nflags;
    int16_t flags[RR_MAX_FLAGS];    /* flag n+1's cell */
    int ndocks;
    rr_dock docks[RR_MAX_DOCKS];    /* start n+1 */
    /* RoboBall (data/roborally "roboball"): the ball's start on the centre
     * square and each team's home, equally far from it, for 2..8 teams. */
    bool roboball;                  /* false: the course is not offered for RoboBall */
    int16_t ball;
    int16_t homes[RR_MAX_ROBOTS - 1][RR_MAX_ROBOTS]; /* homes[n-2][team] for n teams */
} rr_course;

/* ---- pieces and the floor ---- */

/* A piece's traits: how the floor treats it. A robot has RR_ROBOT_TRAITS;
 * a variant that puts another piece on the floor gives it its own. */
enum {
    RR_FALLS = 1 << 0,       /* a pit or the edge takes it; else it stays at the brink
                              * (rr_floor_hooks.brink says what becomes of it) */
    RR_STOPS_BEAMS = 1 << 1, /* a beam ends on it when it is real */
    RR_SHOT = 1 << 2,        /* a beam that ends on it hits it (damage, tractor...);
                              * one that is not shot stops a beam like a wall */
    RR_FIRES = 1 << 3,       /* it has a laser of its own */
    RR_FACES_MOVES = 1 << 4, /* it faces the way it last moved (pushed or carried) */
    RR_TURNS = 1 << 5,       /* gears and the curves of belts turn it */
    RR_ROBOT_TRAITS = RR_FALLS | RR_STOPS_BEAMS | RR_SHOT | RR_FIRES | RR_TURNS,
};

/* Why a piece left the floor. */
typedef enum rr_gone { RR_HERE, RR_GONE_PIT, RR_GONE_EDGE, RR_GONE_DAMAGE, RR_GONE_AWAY } rr_gone;

typedef struct rr_piece {
    uint8_t traits;  /* RR_FALLS | ... */
    uint8_t facing;  /* a direction */
    bool is_virtual; /* re-entered on a shared square: ignores other pieces;
                      * for a piece that does not fall: up in the air, where
                      * floor elements leave it and pieces pass under */
    uint8_t gone;    /* rr_gone: RR_HERE while on the floor */
    int16_t cell;    /* RR_OFF when gone */
} rr_piece;

typedef struct rr_floor_hooks rr_floor_hooks; /* roborally_board.h */

typedef struct rr_floor {
    const rr_course *course;
    int npieces;
    rr_piece piece[RR_MAX_PIECES];  /* robots by seat first */
    const rr_floor_hooks *hooks;    /* a variant's (RoboBall's), or NULL */
} rr_floor;

/* ---- the robots ---- */

/* RoboBall: a hitch declaration at the end of a register phase. */
typedef enum rr_hitch { RR_HITCH_NONE, RR_HITCH_ON, RR_HITCH_OFF } rr_hitch;

typedef struct rr_robot {
    int8_t damage;
    int8_t lives;         /* left, counting the robot on the floor */
    int8_t flags;         /* touched, in order */
    int16_t archive;      /* the archive marker's cell */
    bool out;             /* lost its last life */
    bool destroyed;       /* destroyed this turn: sits out, re-enters at clean-up */
    uint8_t lost_facing;  /* its facing when destroyed */
    bool powered_down;    /* this turn */
    bool power_next;      /* powered down next turn (announced) */
    uint16_t options;     /* bit per rr_option held */
    int8_t coat;          /* ablative coat points left */
    uint8_t beam_mode;    /* rr_beam_mode chosen for this turn */
    int16_t reg[RR_REGISTERS]; /* card priorities, 0 for empty */
    uint8_t shown;        /* bit r: register r's card has been revealed */
    int8_t hitch[RR_REGISTERS]; /* RoboBall: rr_hitch declared at the end of each register */
} rr_robot;

/* ---- RoboBall (roborally_ball.h) ---- */

enum {
    RR_BALL = RR_MAX_ROBOTS, /* the ball's piece */
    RR_MIN_TEAMS = 2,
};

typedef struct rr_roboball {
    int nteams;
    int8_t team[RR_MAX_ROBOTS];     /* each seat's team */
    int16_t home[RR_MAX_ROBOTS];    /* each team's home */
    uint8_t hitched;                /* the robots hitched to the ball */
    int8_t goal;                    /* the team whose home the ball ended a phase on, or -1 */
    bool extraction;                /* this turn the ball runs cards of its own */
    uint8_t moved;                  /* the way the ball last moved (its facing outside extraction) */
    int16_t cards[RR_REGISTERS];    /* its cards by register, 0 for none */
    uint8_t shown;                  /* bit r: its card of register r has been revealed */
    int8_t still;                   /* whole turns the ball has ended where it began them */
} rr_roboball;

/* ---- the position ---- */

typedef struct rr_variant rr_variant; /* roborally_rules.h */

typedef struct rr_state {
    rr_floor floor; /* robot i is piece i */
    int nrobots;
    rr_robot robot[RR_MAX_ROBOTS];
    bool options_on;
    int turn;
    int8_t running;                  /* the register phase running or last run this turn (1..5), 0 before */
    uint8_t finished;                /* robots that touched the last flag */
    int noptions;                    /* option cards left to draw */
    int8_t option_deck[RR_OPTIONS];  /* the undrawn options, top first */
    const rr_variant *variant;       /* what a variant adds to the rules (RoboBall's), or NULL */
    bool roboball;                   /* mode roboball (roborally_ball.h) */
    rr_roboball rb;
} rr_state;

#endif
