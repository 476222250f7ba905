/* manoover_tool.c: `botpit bench manoover` and `botpit manoover-fit`, outside
 * the engine's library (they read clocks and print). */
#include "games/tool.h"
#include "games/manoover/manoover.h"
#include "manoover_tools.h"

static const game_command manoover_commands[] = {
    {"manoover-fit",
     "manoover-fit [--variant V] [--games N]   refit the Robot Attack hard bot's weights",
     manoover_fit_main},
    {NULL, NULL, NULL},
};

const game_tool manoover_tool = {
    .engine = "manoover",
    .bench = manoover_bench,
    .commands = manoover_commands,
};
