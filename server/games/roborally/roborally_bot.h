/*
 * roborally_bot.h: the RoboRally bots (roborally_bot.c), as the function table calls
 * them, and what they know of RoboBall (roborally_bot_ball.c): where to aim, how
 * good a position is for a team, and which hitches to declare. The RoboBall
 * part is kept apart so that stronger RoboBall bots can grow there.
 */
#ifndef BOTPIT_RR_BOT_H
#define BOTPIT_RR_BOT_H

#include <stdint.h>

#include "roborally.h"

/* The engine contract's bot: the action of a bot of `level` in `seat` now. */
json_t *rr_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
               int64_t *wake_ms, const volatile int *cancel);

/* ---- RoboBall (roborally_bot_ball.c) ---- */

/* The square `seat` heads for: its team's home while it drags the ball;
 * if `block` and a teammate drags it, the rival robot nearest the ball (to
 * push it away or stand in its way); else the ball. (Easy does not block:
 * in a hard v hard game the blocking team won 55% of 770.) */
int rr_bot_ball_target(const rr_state *s, int seat, bool block);
/* The team's home of `seat`. */
int rr_bot_ball_home(const rr_state *s, int seat);
/* How good the position is for seat's team: a goal decides it; else the
 * ball near the home and far from the others' (home_dist, threat_dist:
 * squares to the team's home, to the nearest other home, from every cell),
 * the seat or a teammate hitched to it, no other team hitched. */
double rr_bot_ball_score(const rr_state *s, int seat, const int16_t *home_dist, const int16_t *threat_dist);
/* The declarations for the five registers, decided before they run: hitch
 * in each when no robot of its team holds the ball; otherwise none. (Normal
 * and hard then try unhitching in one of them, roborally_bot.c.) */
void rr_bot_ball_hitches(const rr_state *s, int seat, int8_t out[RR_REGISTERS]);
/* Should seat's bot vote the ball inaccessible (and keep its vote)? When
 * nobody has moved the ball for RR_BOT_BALL_STILL_TURNS whole turns; a bot that
 * judges (normal and hard) also wants no robot of its team able to walk to
 * a square touching it, unless nobody has moved it for RR_BOT_BALL_STUCK_TURNS:
 * then it is as good as inaccessible. Once the ball moves, the bot takes
 * its vote back. */
enum { RR_BOT_BALL_STILL_TURNS = 2, RR_BOT_BALL_STUCK_TURNS = 4 };
bool rr_bot_ball_votes(const rr_state *s, int seat, bool judge);

#endif
