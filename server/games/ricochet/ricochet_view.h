/*
 * ricochet_view.h: what every seat sees of the table, the round records and
 * the result (ricochet_view.c). Above the game: it reads the state and
 * changes nothing.
 */
#ifndef BOTPIT_RICOCHET_VIEW_H
#define BOTPIT_RICOCHET_VIEW_H

#include "games/game.h"

json_t *ricochet_view(const game *g, int seat);
json_t *ricochet_result(const game *g);

#endif
