/*
 * robotwars_json.h: the JSON forms shared by the game's events and the views
 * (robotwars_json.c).
 */
#ifndef BOTPIT_ROBOTWARS_JSON_H
#define BOTPIT_ROBOTWARS_JSON_H

#include "robotwars_rules.h"

json_t *rw_cell_json(int cell);
json_t *rw_caps_json(const int cap[RW_CAPS]);
/* An "allocate" action's three numbers; only the shape is checked. */
int rw_allocation_from_json(const json_t *action, int add[RW_CAPS], game_error *err);
json_t *rw_board_json(void);
json_t *rw_limits_json(void);
json_t *rw_seats_json(const int *seats, int n);

#endif
