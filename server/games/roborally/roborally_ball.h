/*
 * roborally_ball.h: RoboBall (seed 003, RULINGS §5), on top of the race: the ball
 * and its rules, plugged into the board model and the register phase by
 * their hooks (rr_floor_hooks in roborally_board.h, rr_variant in roborally_rules.h), so
 * that neither the floor nor the race's rules name it.
 *
 * The ball is one more piece on the floor (piece RR_BALL): it stops beams
 * like a wall, is never shot, never falls, has no laser and faces the way
 * it last moved, turned by gears and curves only during extraction, so the
 * elements push it, carry it and turn it by those traits. What traits cannot say lives here:
 *  - on the floor (rr_floor_hooks): going up where it would fall (pogo);
 *    after every move, hitches (a hitched ball follows its robot one square
 *    behind, a hitched robot follows the ball the same way) and the
 *    automatic unhitching; a destroyed robot's hitch;
 *  - in the rules (rr_variant): teams and homes (flag markers in place of
 *    the flags), endless lives, the bonk after the lasers, the goal at the
 *    checkpoints, the hitch declarations after them, and the cards of an
 *    extraction turn. Its data is rr_roboball (roborally_state.h).
 */
#ifndef BOTPIT_RR_BALL_H
#define BOTPIT_RR_BALL_H

#include <stdbool.h>
#include <stdint.h>

#include "roborally_rules.h"

/* RoboBall on this position: the ball on `cell` (the pieces of seats with
 * no robot taken away), its traits, no hitch, no goal, its hooks on the
 * floor and the rules. Teams and homes are the caller's (rr_ball_setup). */
void rr_ball_put(rr_state *s, int cell);
/* Puts the game into RoboBall: the ball on the course's centre, each seat on
 * team team[seat] of nteams, robots on their team's home (virtual while
 * they share it) facing the ball, archive markers on the homes. The course
 * must have RoboBall data (c->roboball). */
void rr_ball_setup(rr_state *s, int nteams, const int8_t team[RR_MAX_ROBOTS]);

/* Is `seat` touching the ball (adjacent, no wall between)? */
bool rr_ball_touching(const rr_state *s, int seat);
/* Is `cell` a team's home? (Homes archive and repair like flags.) */
bool rr_ball_is_home(const rr_state *s, int cell);
/* The team of a home cell, or -1. */
int rr_ball_home_team(const rr_state *s, int cell);
/* Is a robot of `team` hitched? */
bool rr_ball_team_hitched(const rr_state *s, int team);

/* The start of a turn: extraction on (the ball runs rb.cards this turn,
 * which the caller deals) or off. Gears and the curves of belts turn the
 * ball only while it is on; a ball that does not go on from an extraction
 * of the turn before faces the way it last moved, whatever turned it since
 * (seed 003: "ignore any intervening gear rotations"). */
void rr_ball_extract(rr_state *s, bool on);

/* Would the ball's card (extraction) take it into a pit or off the course?
 * Then it balks: the card does nothing. */
bool rr_ball_balks(const rr_state *s, int card);

#endif
