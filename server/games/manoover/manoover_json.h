/*
 * manoover_json.h: the JSON forms of cells, robots, numbers and seats,
 * shared by the game's events and the views (manoover_json.c).
 */
#ifndef BOTPIT_MANOOVER_JSON_H
#define BOTPIT_MANOOVER_JSON_H

#include <jansson.h>

#include "manoover_rules.h"

/* [q, r]. */
json_t *manoover_cell_json(manoover_cell c);
/* {"owner", "number"} of the robot of layout index `index`. */
json_t *manoover_robot_json(const manoover_layout *l, int index);
json_t *manoover_ints_json(const int *v, int n);
json_t *manoover_bytes_json(const uint8_t *v, int n);
/* Sentences name seats "Seat N": the client puts the player's name in. */
const char *manoover_seat_name(int seat);

#endif
