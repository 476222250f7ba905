/*
 * rb_bot.h: what the RoboRally bots (rr_bot.c) know of RoboBall: where to
 * aim, how good a position is for a team, and which hitches to declare.
 * Kept apart so that stronger RoboBall bots can grow here.
 */
#ifndef BOTPIT_RB_BOT_H
#define BOTPIT_RB_BOT_H

#include <stdint.h>

#include "rr_rules.h"

/* The square `seat` heads for: its team's home while it drags the ball,
 * else the ball. */
int rb_bot_target(const rr_state *s, int seat);
/* The team's home of `seat`. */
int rb_bot_home(const rr_state *s, int seat);
/* How good the position is for seat's team: a goal decides it; else the
 * ball near the home (home_dist: squares to the home from every cell) and
 * the seat hitched to it. */
double rb_bot_score(const rr_state *s, int seat, const int16_t *home_dist);
/* The declarations for the five registers: hitch whenever it can when no
 * robot of its team holds the ball; otherwise none. */
void rb_bot_hitches(const rr_state *s, int seat, int8_t out[RR_REGISTERS]);
/* Should the bot vote the ball inaccessible? When nobody has moved it for
 * RB_BOT_STILL_TURNS whole turns. */
enum { RB_BOT_STILL_TURNS = 2 };
bool rb_bot_votes(const rr_state *s);

#endif
