/*
 * manoover_view.h: what each audience sees of a game of Robot Attack, and
 * its result (manoover_view.c). Above the game: it reads the state and
 * changes nothing.
 */
#ifndef MANOOVER_VIEW_H
#define MANOOVER_VIEW_H

#include "games/game.h"

json_t *manoover_view(const game *g, int seat);
json_t *manoover_result(const game *g);

#endif
