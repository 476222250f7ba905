/*
 * roborally_view.h: what each seat of a RoboRally game sees, and the result
 * (roborally_view.c), above the game: the function table (roborally.c) gives
 * them to the room. The wire formats are protocol/PROTOCOL.md's.
 */
#ifndef BOTPIT_RR_VIEW_H
#define BOTPIT_RR_VIEW_H

#include "games/game.h"

/* The view of `seat` (GAME_SEAT_SPECTATOR for onlookers): a new reference. */
json_t *rr_view(const game *g, int seat);
/* The result, once over: a new reference. */
json_t *rr_view_result(const game *g);

#endif
