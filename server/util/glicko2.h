/*
 * glicko2.h: Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2
 * system", 2013), one rating period at a time.
 *
 * A rating is three numbers on the familiar scale: r (1500 for a newcomer),
 * RD (the rating deviation: 350 for a newcomer, lower as games are played)
 * and the volatility (how erratic the player's results are, 0.06 to start).
 * glicko2_rate moves one player's rating by the results of one rating period
 * against opponents whose ratings are taken as they stood before it; a caller
 * that rates everyone of a game computes every new rating from the old ones
 * before storing any. A period without games only widens RD.
 *
 * Pure arithmetic on doubles: the same inputs give the same rating on every
 * machine, so ratings can always be recomputed from the stored results.
 */
#ifndef BOTPIT_GLICKO2_H
#define BOTPIT_GLICKO2_H

#include <stddef.h>

#define GLICKO2_START_RATING 1500.0
#define GLICKO2_START_RD 350.0
#define GLICKO2_START_VOL 0.06
/* The system constant tau: how fast volatility may change. Glickman advises
 * 0.3 to 1.2; 0.5 is his example's value. */
#define GLICKO2_TAU 0.5

typedef struct glicko2_rating {
    double rating; /* r */
    double rd;     /* RD */
    double vol;    /* sigma */
} glicko2_rating;

/* One game of the period: the opponent's rating before the period and the
 * score, 1 for a win, 0.5 for a draw, 0 for a loss. */
typedef struct glicko2_game {
    glicko2_rating opponent;
    double score;
} glicko2_game;

/* A newcomer's rating. */
glicko2_rating glicko2_start(void);

/* The player's rating after a period of n games (n may be 0), with the
 * system constant tau (GLICKO2_TAU unless a caller has a reason). */
glicko2_rating glicko2_rate(glicko2_rating player, const glicko2_game *games, size_t n,
                            double tau);

/* The expected score of a against b (0 to 1), for display ("you were given
 * a 24% chance"). */
double glicko2_expected(glicko2_rating a, glicko2_rating b);

#endif
