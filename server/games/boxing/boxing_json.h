/*
 * boxing_json.h: layouts, orders, cells and seats to and from their JSON
 * forms (boxing_json.c), shared by the game's events and the views. A
 * malformed action (wrong type or shape, unknown field) is "bad_action"; a
 * well-formed one against the rules is "illegal".
 */
#ifndef BOTPIT_BOXING_JSON_H
#define BOTPIT_BOXING_JSON_H

#include "boxing_rules.h"

/* Reads {"kind":"layout","grid":[...],"lasers":"abcd","booster":"b"}; checks
 * the shape ("bad_action") and the rules ("illegal"). */
int boxing_layout_from_json(const json_t *action, bool free_centre, boxing_layout *out,
                            game_error *err);
/* {"grid":["gha","ibc","fed"],"lasers":"abcd","booster":"b","engines":"efhi"} */
json_t *boxing_layout_to_json(const boxing_layout *l);
/* Reads {"kind":"orders",...}; *turn gets the optional "turn" field or -1.
 * Only the shape is checked here ("bad_action"). */
int boxing_orders_from_json(const json_t *action, boxing_orders *out, int *turn,
                            game_error *err);
json_t *boxing_orders_to_json(const boxing_orders *o);
json_t *boxing_cell_json(int size, int cell);
/* "ace" for a letter mask. */
json_t *boxing_letters_json(uint16_t mask);
/* The seats of a mask, as an array of numbers. */
json_t *boxing_seats_json(uint8_t mask);

#endif
