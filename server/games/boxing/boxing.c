/* boxing.c: the engine's tables, on top of its files: the options, the
 * bot levels and the contract's functions (boxing.h). */
#include "boxing.h"

#include "boxing_bot.h"
#include "boxing_game.h"
#include "boxing_rules.h"
#include "boxing_view.h"

static const game_option boxing_options[] = {
    {"size", GAME_OPTION_INT, "Ring size", "Cells on each side of the square ring.", 8, 6, 16,
     NULL, NULL},
    {"order_s", GAME_OPTION_INT, "Seconds for orders",
     "Time to write each turn's orders; a robot without orders then stands still and holds its "
     "fire.",
     90, 2, 3600, NULL, NULL},
    {"layout_s", GAME_OPTION_INT, "Seconds for the layout",
     "Time to lay out your robot before the fight; a robot without a layout then gets a random "
     "one.",
     180, 2, 3600, NULL, NULL},
    {"turn_limit", GAME_OPTION_INT, "Turn limit",
     "The fight is a draw if no one is knocked out after this many turns.", 40, 1, 200, NULL, NULL},
    {"free_centre", GAME_OPTION_BOOL, "Free centre",
     "Any part may take the centre slot and the booster may go anywhere. A centre engine or "
     "laser adds power but faces no direction.",
     0, 0, 0, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

const char *const boxing_bot_levels[] = {"easy", "normal", "hard", NULL};

/* Where a replay's marks fall: the turns of the fight. */
static const game_mark boxing_marks[] = {{"/turn", "Turn", "Layout"}, {NULL, NULL, NULL}};

const game_engine boxing_engine = {
    .id = "boxing",
    .title = "Robot boxing",
    .summary = "Lay out a secret robot, then out-move and out-shoot the enemy turn by turn",
    .min_players = 2,
    .max_players = BOXING_MAX_SEATS,
    .options = boxing_options,
    .seat_range = NULL,
    .bot_levels = boxing_bot_levels,
    .create = boxing_create,
    .destroy = boxing_destroy,
    .act = boxing_act,
    .tick = boxing_tick,
    .deadline = boxing_deadline,
    .view = boxing_view,
    .over = boxing_over,
    .result = boxing_result,
    .bot = boxing_bot,
    .clone = boxing_clone,
    .rules_revision = 1,
    .replay_marks = boxing_marks,
};
