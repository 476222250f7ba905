/* boxing_data.c: the tables of Robot boxing, apart from the rule code. */
#include "boxing_rules.h"

/* Clockwise from north; each direction names the robot slot facing it. Slots
 * are numbered row*3 + col with row 0 to the north:
 *     0 NW  1 N  2 NE
 *     3 W   4 .  5 E
 *     6 SW  7 S  8 SE */
const boxing_dir_info boxing_dirs[BOXING_DIRS] = {
    {"N", 0, -1, 1},  {"NE", 1, -1, 2}, {"E", 1, 0, 5},  {"SE", 1, 1, 8},
    {"S", 0, 1, 7},   {"SW", -1, 1, 6}, {"W", -1, 0, 3}, {"NW", -1, -1, 0},
};

const int boxing_slot_dir[BOXING_SLOTS] = {7, 0, 1, 6, -1, 2, 5, 4, 3};

/* Seats as the browser numbers them (its marks carry the number), so a
 * summary never names a colour the board does not show. */
const char *const boxing_seat_names[BOXING_MAX_SEATS] = {"Seat 1", "Seat 2", "Seat 3", "Seat 4"};

/* Starting corners, counted clockwise from a random first corner: seats 0
 * and 1 face each other across the ring, and so do seats 2 and 3. */
const int boxing_start_corner[BOXING_MAX_SEATS] = {0, 2, 1, 3};

#define L BOXING_LASER
#define E BOXING_ENGINE
#define B BOXING_BOOSTER

/* Layouts a bot picks from. The four cones of each tile the whole turn (edge
 * cones reach from diagonal to diagonal, corner cones from axis to axis), so
 * some laser always faces the enemy. Side engines reach every cell; corner
 * engines move faster across the ring but keep to one colour of the board. */
const boxing_template boxing_templates[] = {
    {"guns on the corners", {L, E, L, E, B, E, L, E, L}},
    {"guns on the sides", {E, L, E, L, B, L, E, L, E}},
};
const int boxing_template_count = (int)(sizeof boxing_templates / sizeof boxing_templates[0]);

const char *const boxing_out_names[4] = {"", "lasers", "engines", "both"};
