/* manoover_layout.c: the reconstructed layouts of RULINGS §2, one table per
 * variant. Only data lives here. */
#include "manoover_layout.h"

#include <string.h>

#define C(q, r) {(q), (r)}
#define AT(q, r, d) {C(q, r), MANOOVER_##d}

/* Two players, R = 3 (37 cells). Red sits south and aims at the top corner,
 * Blue sits north and aims at the bottom corner. Red's robots stand on the
 * two lower edges next to the bottom corner, three per edge, numbered west to
 * east, arrows N; Blue's mirror them (a half turn), numbered from Blue's left
 * (east) to right, arrows S. */
static const manoover_layout standard = {
    .variant = "standard",
    .title = "Robot Attack (MANOOVER), two players",
    .radius = 3,
    .seats = 2,
    .robots = 6,
    .dice = 3,
    .faces = 6,
    .match_points = 21,
    .colour = {"red", "blue"},
    .name = {"Red", "Blue"},
    .goal = {C(0, -3), C(0, 3)},
    .start = {
        {AT(-3, 3, N), AT(-2, 3, N), AT(-1, 3, N), AT(1, 2, N), AT(2, 1, N), AT(3, 0, N)},
        {AT(3, -3, S), AT(2, -3, S), AT(1, -3, S), AT(-1, -2, S), AT(-2, -1, S), AT(-3, 0, S)},
    },
};

/* Three players, R = 4 (61 cells), the three-goal side of MANOOVER Plus.
 * Goals at the top, lower-right and lower-left corners; each player starts at
 * the corner opposite their goal: the corner, two cells along each edge from
 * it and the cell next to it toward the centre, arrows toward the centre.
 * Numbered from the player's left to right, the corner 3 and the inner cell
 * 4. Seats go clockwise: Red at the bottom, Blue upper left, Green upper
 * right (each set-up is the previous one turned 120 degrees clockwise). */
static const manoover_layout three = {
    .variant = "three",
    .title = "Robot Attack, three players",
    .radius = 4,
    .seats = 3,
    .robots = 6,
    .dice = 3,
    .faces = 6,
    .match_points = 21,
    .colour = {"red", "blue", "green"},
    .name = {"Red", "Blue", "Green"},
    .goal = {C(0, -4), C(4, 0), C(-4, 4)},
    .start = {
        {AT(-2, 4, N), AT(-1, 4, N), AT(0, 4, N), AT(0, 3, N), AT(1, 3, N), AT(2, 2, N)},
        {AT(-2, -2, SE), AT(-3, -1, SE), AT(-4, 0, SE), AT(-3, 0, SE), AT(-4, 1, SE),
         AT(-4, 2, SE)},
        {AT(4, -2, SW), AT(4, -3, SW), AT(4, -4, SW), AT(3, -3, SW), AT(3, -4, SW),
         AT(2, -4, SW)},
    },
};

/* MANOOVER Plus for two players, R = 4: eight robots each on the two edges
 * next to the player's corner, four per edge, numbered as in the standard
 * game; four d8; the rules advise a match to 30. */
static const manoover_layout plus = {
    .variant = "plus",
    .title = "MANOOVER Plus, two players",
    .radius = 4,
    .seats = 2,
    .robots = 8,
    .dice = 4,
    .faces = 8,
    .match_points = 30,
    .colour = {"red", "blue"},
    .name = {"Red", "Blue"},
    .goal = {C(0, -4), C(0, 4)},
    .start = {
        {AT(-4, 4, N), AT(-3, 4, N), AT(-2, 4, N), AT(-1, 4, N), AT(1, 3, N), AT(2, 2, N),
         AT(3, 1, N), AT(4, 0, N)},
        {AT(4, -4, S), AT(3, -4, S), AT(2, -4, S), AT(1, -4, S), AT(-1, -3, S), AT(-2, -2, S),
         AT(-3, -1, S), AT(-4, 0, S)},
    },
};

const manoover_layout *const manoover_layouts[] = {&standard, &three, &plus, NULL};

const manoover_layout *manoover_layout_find(const char *variant)
{
    for (int i = 0; manoover_layouts[i]; i++) {
        if (strcmp(manoover_layouts[i]->variant, variant) == 0)
            return manoover_layouts[i];
    }
    return NULL;
}
