/* robotwars_tool.c: `botpit bench robotwars`, outside the engine's library
 * (it reads clocks and prints). */
#include "games/robotwars/robotwars.h"
#include "games/tool.h"
#include "robotwars_bench.h"

const game_tool robotwars_tool = {
    .engine = "robotwars",
    .bench = rw_bench,
    .commands = NULL,
};
