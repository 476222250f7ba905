/*
 * ricochet_samples.h: the sample puzzles of data/ricochet/sample_puzzles.json,
 * compiled in at build time (ricochet_gen), for the bench and the tests.
 * Each has an optimum confirmed by independent solvers.
 */
#ifndef BOTPIT_RICOCHET_SAMPLES_H
#define BOTPIT_RICOCHET_SAMPLES_H

#include <stdint.h>

#include "ricochet_board.h"

typedef struct ricochet_sample {
    const char *id;
    const char *group;             /* "random", "hard", "anchor", "ricochet_rule" */
    const char *layout[4];         /* side ids, NW NE SE SW */
    uint8_t nrobots;
    uint8_t robots[RICOCHET_ROBOTS_MAX];
    int8_t active;                 /* robot colour or RICOCHET_ANY */
    uint8_t target;                /* cell */
    uint8_t optimal_moves;         /* with the ricochet rule (RULINGS: R2) */
    uint8_t optimal_moves_no_rule; /* with the rule off */
    double reference_ms;           /* the public C solver's time, as recorded; -1 if none */
    uint8_t example_moves;
    uint8_t example[64][2];        /* {robot, dir}: one optimal solution from the file */
} ricochet_sample;

extern const ricochet_sample ricochet_samples[];
extern const int ricochet_sample_count;

#endif
