/*
 * testgame_view.h: what each audience sees of a game of count to 21, and
 * its result. Above the game: it reads the state, never changes it.
 */
#ifndef BOTPIT_TESTGAME_VIEW_H
#define BOTPIT_TESTGAME_VIEW_H

#include "games/game.h"

json_t *testgame_view(const game *g, int seat);
json_t *testgame_result(const game *g);

#endif
