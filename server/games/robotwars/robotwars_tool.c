/* robotwars_tool.c: `botpit bench robotwars`, outside the engine's library
 * (it reads clocks and prints). */
#include "robotwars.h"
#include "games/tool.h"

const game_tool robotwars_tool = {
    .engine = "robotwars",
    .bench = robotwars_bench,
    .commands = NULL,
};
