/*
 * rr_rules.h: the rules of a RoboRally turn on the board model, with no
 * timers, hands or secrets (those are the game's, rr_game.c): robots'
 * damage, lives, flags and archive markers, the register phase as the eight
 * steps of RULINGS §5 in order, clean-up and re-entry.
 *
 * rr_state is plain data (the course is shared and constant), so a bot
 * copies it with `=` and runs the same rules on the copy to see what a
 * program would do.
 */
#ifndef BOTPIT_RR_RULES_H
#define BOTPIT_RR_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "rr_ball.h"
#include "rr_board.h"
#include "rr_cards.h"
#include "rr_trace.h"

typedef enum rr_beam_mode { RR_BEAM_DAMAGE, RR_BEAM_TRACTOR, RR_BEAM_PRESSOR } rr_beam_mode;

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

typedef struct rr_state {
    rr_floor floor; /* robot i is piece i */
    int nrobots;
    rr_robot robot[RR_MAX_ROBOTS];
    bool options_on;
    int turn;
    uint8_t finished;                /* robots that touched the last flag */
    int noptions;                    /* option cards left to draw */
    int8_t option_deck[RR_OPTIONS];  /* the undrawn options, top first */
    bool roboball;                   /* mode roboball (rr_ball.h): infinite lives, homes, no flags */
    rr_roboball rb;
} rr_state;

/* Robots on docks 1..n in seat order, facing as the docks say, archive
 * markers on their docks, three lives, no damage. The option deck is given
 * in draw order (the game shuffles it). */
void rr_state_init(rr_state *s, const rr_course *c, int nrobots, bool options_on,
                   const int8_t option_deck[RR_OPTIONS]);

static inline const rr_piece *rr_piece_of(const rr_state *s, int seat)
{
    return &s->floor.piece[seat];
}
/* On the floor now (not destroyed this turn, not out). */
static inline bool rr_robot_here(const rr_state *s, int seat)
{
    return rr_on_floor(&s->floor.piece[seat]);
}
static inline bool rr_has_option(const rr_robot *r, int opt) { return r->options & (1u << opt); }

/* One register phase (reg 0..4), RULINGS §5 step by step:
 *   (1) reveal, (2) robots move in priority order, (3) express belts,
 *   (4) all belts, (5) pushers, (6) gears, (7) lasers, (8) flags and
 *   archive markers; then virtual robots standing alone become real.
 * RoboBall adds the bonk right after (7), the goal at (8) instead of flags,
 * the hitch declarations after (8), and in an extraction turn the ball's
 * card among the robots' in (1) and (2). */
void rr_phase_run(rr_state *s, int reg, rr_trace *t);

/* Damage to a robot (an ablative coat absorbs first); 10 destroys it. */
void rr_damage(rr_state *s, int seat, int amount, rr_trace *t);
/* The same, told as `what` ("bonk") at a cell (RR_OFF: none). */
void rr_damage_by(rr_state *s, int seat, int amount, const char *what, int at, rr_trace *t);
/* A robot leaves the floor for `why` (rr_gone): it loses a life (none in
 * RoboBall), its registers, its options and its hitch. */
void rr_destroy(rr_state *s, int seat, int why, rr_trace *t);

/* Clean-up: repairs (and option cards) first, then unlocked registers are
 * cleared by the damage after repair. */
void rr_cleanup(rr_state *s, rr_trace *t);

/* Destroyed robots with lives left re-enter together on their archive
 * markers with 2 damage, facing facing[seat]; any sharing a square with
 * another robot (on the floor or re-entering) are virtual. */
void rr_reenter(rr_state *s, const int facing[RR_MAX_ROBOTS], rr_trace *t);

/* Is `site` within the robot's reach for flags and repairs: its own cell,
 * or (with the mechanical arm) one square away with no wall between? */
bool rr_reaches(const rr_state *s, int seat, int site);

/* Is every robot out of lives? */
bool rr_all_out(const rr_state *s);

#endif
