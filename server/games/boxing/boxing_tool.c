/* boxing_tool.c: `botpit bench boxing`, outside the engine's library (it
 * reads clocks and prints). */
#include "boxing.h"
#include "games/tool.h"

const game_tool boxing_tool = {
    .engine = "boxing",
    .bench = boxing_bench,
    .commands = NULL,
};
