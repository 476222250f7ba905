/* boxing_tool.c: `botpit bench boxing`, outside the engine's library (it
 * reads clocks and prints). */
#include "games/boxing/boxing.h"
#include "boxing_bench.h"
#include "games/tool.h"

const game_tool boxing_tool = {
    .engine = "boxing",
    .bench = boxing_bench,
    .commands = NULL,
};
