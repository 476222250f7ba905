/* roborally_tool.c: `botpit bench roborally`, outside the engine's library
 * (it reads clocks and prints). */
#include "games/tool.h"
#include "roborally.h"

const game_tool roborally_tool = {
    .engine = "roborally",
    .bench = rr_bench,
    .commands = NULL,
};
