/*
 * boxing_view.h: what each audience sees of a game of Robot boxing, and its
 * result (boxing_view.c). Above the game: it reads the state and changes
 * nothing.
 */
#ifndef BOTPIT_BOXING_VIEW_H
#define BOTPIT_BOXING_VIEW_H

#include "games/game.h"

json_t *boxing_view(const game *g, int seat);
json_t *boxing_result(const game *g);

#endif
