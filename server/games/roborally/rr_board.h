/*
 * rr_board.h: the factory floor of RoboRally, the board model shared by the
 * race and (later) RoboBall.
 *
 * Three layers, each a section below:
 *  - the course: static cells (walls, pits, belts, gears, pushers, repair
 *    sites, flags, docks) and board lasers, generated at build time from
 *    data/roborally/ by roborally_gen (rr_courses.c), or built by a test;
 *  - the floor: the movable pieces standing on a course (robots today, the
 *    RoboBall's ball tomorrow), each of a kind whose traits say how the
 *    floor treats it (does it fall, does it stop beams, is it ever shot);
 *  - the elements: what every board element does to the pieces, each in one
 *    function (a square of movement with its push chain, express and normal
 *    belts, pushers, gears, beams), written against traits, never against
 *    "is this a robot".
 *
 * Geometry. x runs east 0..width-1, y south 0..height-1; a cell is
 * y*width + x, RR_OFF for "off the course". Directions are 0..3 clockwise
 * from north (RR_N, RR_E, RR_S, RR_W). Walls are stored on both cells of an
 * interior side.
 *
 * What happens is told to an optional rr_trace (rr_trace.h): the game passes
 * one and turns it into events; a bot's search passes NULL and pays nothing.
 */
#ifndef BOTPIT_RR_BOARD_H
#define BOTPIT_RR_BOARD_H

#include <stdbool.h>
#include <stdint.h>

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
    RR_MAX_PIECES = RR_MAX_ROBOTS + 1, /* room for one more kind (the ball) */
    RR_BALL = RR_MAX_ROBOTS,           /* the ball's piece, when the floor has one */
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
    int16_t cell; /* the emitter's cell, the first lit */
    uint8_t dir;  /* where the beam travels */
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

/* The shipped courses (generated from data/roborally/), and their ids as a
 * NULL-terminated list for the room option. */
extern const rr_course rr_courses[];
extern const int rr_course_count;
extern const char *const rr_course_ids[];
/* Each course in words, in rr_course_ids' order: "Checkmate (5 to 8 players, short)". */
extern const char *const rr_course_labels[];
const rr_course *rr_course_find(const char *id);

/* ---- geometry ---- */

extern const char *const rr_dir_names[RR_DIRS]; /* "N" "E" "S" "W" */
int rr_dir_parse(const char *s);                /* -1 if not a direction */
static inline int rr_opposite(int d) { return (d + 2) & 3; }
static inline int rr_turned(int d, int quarters) { return (d + quarters + 400) & 3; }

/* The cell next to `cell` in direction d, or RR_OFF past the edge. */
int rr_neighbour(const rr_course *c, int cell, int d);
/* Is there a wall between cell and its neighbour in direction d? (Only the
 * cell's own side counts at the edge of the course.) */
bool rr_wall_between(const rr_course *c, int cell, int d);
static inline const rr_cell *rr_cell_at(const rr_course *c, int cell) { return &c->cells[cell]; }
static inline bool rr_is_belt(const rr_cell *k) { return k->kind == RR_BELT || k->kind == RR_EXPRESS; }

/* ---- pieces and the floor ---- */

typedef enum rr_piece_kind { RR_PIECE_ROBOT, RR_PIECE_BALL, RR_PIECE_KINDS } rr_piece_kind;

/* How the floor treats a kind of piece. */
typedef struct rr_traits {
    bool falls;       /* a pit or the edge destroys it; else it hovers up there
                       * (is_virtual: pogo) and the piece moving it passes under */
    bool stops_beams; /* a beam ends on it when it is real */
    bool shot;        /* a beam that ends on it hits it (damage, tractor...);
                       * one that is not shot stops a beam like a wall */
    bool fires;       /* it has a laser of its own */
    bool faces_moves; /* it faces the way it last moved (pushed or carried) */
} rr_traits;
extern const rr_traits rr_kind_traits[RR_PIECE_KINDS];

/* Why a piece left the floor. */
typedef enum rr_gone { RR_HERE, RR_GONE_PIT, RR_GONE_EDGE, RR_GONE_DAMAGE, RR_GONE_AWAY } rr_gone;

typedef struct rr_piece {
    uint8_t kind;       /* rr_piece_kind */
    uint8_t facing;     /* a direction */
    bool is_virtual;    /* re-entered on a shared square: ignores other pieces;
                         * for a kind that does not fall: up in the air (pogo),
                         * where floor elements leave it and pieces pass under */
    uint8_t gone;       /* rr_gone: RR_HERE while on the floor */
    int16_t cell;       /* RR_OFF when gone */
} rr_piece;

typedef struct rr_floor {
    const rr_course *course;
    int npieces;
    rr_piece piece[RR_MAX_PIECES]; /* robots by seat first; the ball is piece RR_BALL */
    uint8_t hitched;               /* RoboBall: the robots hitched to the ball (rr_ball.h) */
} rr_floor;

static inline bool rr_on_floor(const rr_piece *p) { return p->gone == RR_HERE; }
/* Does the floor hold a ball (RoboBall)? */
static inline bool rr_floor_has_ball(const rr_floor *f) { return f->npieces > RR_BALL; }
/* Do floor elements (belts, pushers) move this piece now? Not one hovering up. */
bool rr_floor_moves(const rr_piece *p);
static inline const rr_traits *rr_traits_of(const rr_piece *p) { return &rr_kind_traits[p->kind]; }
/* The real (not virtual) piece on a cell other than `except`, or -1. */
int rr_floor_real_at(const rr_floor *f, int cell, int except);
/* Any piece on a cell other than `except`, or -1. */
int rr_floor_any_at(const rr_floor *f, int cell, int except);

/* ---- the elements (each its one function) ---- */

typedef struct rr_trace rr_trace; /* rr_trace.h; NULL records nothing */

/* One square of movement of piece i in direction d, under its own power, a
 * pusher's or a pressor beam's: a real piece pushes the real pieces in its
 * way (pushed pieces keep their facing); a wall anywhere in the chain stops
 * the whole chain; a piece that falls into a pit or off the edge is gone
 * at once, and one whose kind does not fall goes up instead (pogo) and lets
 * the pieces behind it pass under. Hitched pieces follow (rr_ball_follow).
 * Returns true if piece i moved. *first_pushed (if not NULL) gets the first
 * piece pushed or bumped, or -1. */
bool rr_push_step(rr_floor *f, int i, int d, rr_trace *t, int *first_pushed);

/* The belts move: only express belts (express_only) or all belts. Every
 * piece on a moving belt is carried one square at once; a wall leaves it in
 * place, pieces never push, two pieces carried into one square (or into each
 * other's) both stay, and a piece entering a curve turns with it. */
void rr_belts_move(rr_floor *f, bool express_only, rr_trace *t);

/* The pushers active in register `reg` (0..4) push the pieces standing on
 * them, each like one square of movement; which pieces are pushed is fixed
 * before any pusher acts. */
void rr_pushers_push(rr_floor *f, int reg, rr_trace *t);

/* Every piece on a gear turns 90 degrees its way (the ball: its facing only). */
void rr_gears_turn(rr_floor *f, rr_trace *t);

/* A beam from cell `from` travelling in d (the first lit cell is `from`):
 * the cells lit, in order, and the pieces it hits. Walls stop it on the far
 * side of a lit cell; a real piece whose kind stops beams ends it (and is hit
 * if its kind is ever shot). walls_through / pieces_through let a
 * high-power laser pass that many walls and pieces; a piece passed through
 * is hit too. */
typedef struct rr_beam {
    int ncells;
    int16_t cells[RR_MAX_SIDE * 2];
    int nhits;
    int8_t hits[2];
} rr_beam;
void rr_beam_trace(const rr_floor *f, int from, int d, int walls_through, int pieces_through,
                   rr_beam *b);

#endif
