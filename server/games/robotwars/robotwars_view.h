/*
 * robotwars_view.h: what each audience sees of a game of Robot Wars, and
 * its result (robotwars_view.c). Above the game: it reads the state and
 * changes nothing.
 */
#ifndef BOTPIT_ROBOTWARS_VIEW_H
#define BOTPIT_ROBOTWARS_VIEW_H

#include "games/game.h"

json_t *rw_view(const game *g, int seat);
json_t *rw_result(const game *g);

#endif
