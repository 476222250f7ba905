/*
 * testgame_rules.h: the rules of count to 21 that hold whatever the state
 * of a game: pure functions of numbers, shared by the game and the bots.
 */
#ifndef BOTPIT_TESTGAME_RULES_H
#define BOTPIT_TESTGAME_RULES_H

#include <stdbool.h>

enum {
    TESTGAME_MIN_SEATS = 2,
    TESTGAME_MAX_SEATS = 4,
    TESTGAME_MIN_ADD = 1,
    TESTGAME_MAX_ADD = 3,
};

/* May a player add n? */
bool testgame_add_ok(long long n);
/* The add that leaves the count a multiple of 4 away from the target (the
 * winning line), or 1 if there is none: the off-loop hint, and what the
 * normal bot plays. */
int testgame_best_add(int total, int target);

#endif
