/*
 * roborally_rules.h: the rules of a RoboRally turn on the board model, with no
 * timers, hands or secrets (those are the game's, roborally_game.c): robots'
 * damage, lives, flags and archive markers, the register phase as the eight
 * steps of RULINGS §5 in order, clean-up and re-entry. The bots run the same
 * rules on copies of the position (roborally_state.h).
 *
 * A variant of the race installs an rr_variant: the register phase calls
 * its hooks at their steps and knows nothing else of it, as the floor
 * knows only rr_floor_hooks (roborally_board.h).
 */
#ifndef BOTPIT_RR_RULES_H
#define BOTPIT_RR_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "roborally_board.h"
#include "roborally_cards.h"
#include "roborally_state.h"
#include "roborally_trace.h"

/* What a variant adds to the rules. Any hook may be NULL. */
struct rr_variant {
    bool endless_lives; /* a destroyed robot loses no life */
    /* Flag markers of its own in place of the course's flags: archive
     * markers and repairs go by them, and no robot touches a flag. */
    bool (*marker)(const rr_state *s, int cell);
    /* A piece beyond the robots may run cards: its card of register reg (0
     * when none); (1) it turns face up; (2) the piece runs it, in priority
     * order among the robots' cards. A variant with `card` has all three. */
    int (*card)(const rr_state *s, int piece, int reg);
    void (*reveal)(rr_state *s, int piece, int reg);
    void (*run_card)(rr_state *s, int piece, int reg, rr_trace *t);
    /* Steps of its own: right after the lasers (7); within the checkpoints
     * (8), once the archive markers have moved; after the checkpoints. */
    void (*after_lasers)(rr_state *s, int reg, rr_trace *t);
    void (*checkpoints)(rr_state *s, rr_trace *t);
    void (*after_checkpoints)(rr_state *s, int reg, rr_trace *t);
};

/* Robots on docks 1..n in seat order, facing as the docks say, archive
 * markers on their docks, three lives, no damage: the race, with no
 * variant. The option deck is given in draw order (the game shuffles it). */
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
 * A variant's steps come where rr_variant says. */
void rr_phase_run(rr_state *s, int reg, rr_trace *t);
/* The card piece i (a robot, or a variant's piece) runs in register reg
 * (0..4), 0 for none: before the phase, the card its step (1) reveals. */
int rr_card_of(const rr_state *s, int i, int reg);

/* Damage to a robot (an ablative coat absorbs first); 10 destroys it. */
void rr_damage(rr_state *s, int seat, int amount, rr_trace *t);
/* The same, told as `what` ("bonk") at a cell (RR_OFF: none). */
void rr_damage_by(rr_state *s, int seat, int amount, const char *what, int at, rr_trace *t);
/* Robots the floor has just dropped (a pit, the edge) are destroyed. */
void rr_settle(rr_state *s, rr_trace *t);
/* A robot leaves the floor for `why` (rr_gone): it loses a life (not in a
 * variant with endless lives), its registers and its options. */
void rr_destroy(rr_state *s, int seat, int why, rr_trace *t);

/* Clean-up: repairs (and option cards) first, then unlocked registers are
 * cleared by the damage after repair. */
void rr_cleanup(rr_state *s, rr_trace *t);

/* Destroyed robots with lives left re-enter together on their archive
 * markers with 2 damage, facing facing[seat]; any sharing a square with
 * another piece (on the floor or re-entering) are virtual. */
void rr_reenter(rr_state *s, const int facing[RR_MAX_ROBOTS], rr_trace *t);

/* Is `site` within the robot's reach for flags and repairs: its own cell,
 * or (with the mechanical arm) one square away with no wall between? */
bool rr_reaches(const rr_state *s, int seat, int site);

/* Is every robot out of lives? */
bool rr_all_out(const rr_state *s);

#endif
