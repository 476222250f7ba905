/* robotwars.c: the engine's tables, on top of its files: the options, the
 * bot levels and the contract's functions (robotwars.h). */
#include "robotwars.h"

#include "robotwars_bot.h"
#include "robotwars_game.h"
#include "robotwars_rules.h"
#include "robotwars_view.h"

static const char *const best_of_choices[] = {"3", "5", "7", NULL};

static const game_option rw_options[] = {
    {"best_of", GAME_OPTION_CHOICE, "Best of (two roboteers)",
     "With two roboteers the wars are a match: the first to win a majority of this many battles "
     "wins. With three or more: heats, semi-finals and a final.",
     0, 0, 0, best_of_choices, NULL},
    {"setup_s", GAME_OPTION_INT, "Seconds to allocate discs",
     "Time to spend the discs won before each battle; a roboteer who has not allocated by then "
     "gets the default allocation (Speed, Speed, Power, Speed, Speed, Power, then "
     "Manoeuvrability), as the normal bot allocates.",
     60, 2, 3600, NULL, NULL},
    {"turn_s", GAME_OPTION_INT, "Seconds per turn",
     "Time for each robot's turn; at the deadline the turn ends.", 90, 2, 3600, NULL, NULL},
    {"turn_limit", GAME_OPTION_INT, "Turns per battle",
     "Turns each robot has in a battle before the most damaged one is eliminated. The rules say "
     "15; fewer make quick battles (the pit opens after 5).",
     RW_TURN_LIMIT, 1, RW_TURN_LIMIT, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

const char *const rw_bot_levels[] = {"easy", "normal", "hard", NULL};

/* Where a replay's marks fall: each battle ("Semi-final 1") and its rounds. */
static const game_mark rw_marks[] = {
    {"/battle/title", "", NULL}, {"/battle/round", "Round", "Set-up"}, {NULL, NULL, NULL}};

const game_engine robotwars_engine = {
    .id = "robotwars",
    .title = "Robot Wars",
    .summary = "Enhance your robot, then push, flip and batter your way through heats to the final",
    .min_players = 2,
    .max_players = RW_MAX_SEATS,
    .options = rw_options,
    .seat_range = NULL,
    .bot_levels = rw_bot_levels,
    .create = rw_game_create,
    .destroy = rw_game_destroy,
    .act = rw_game_act,
    .tick = rw_game_tick,
    .deadline = rw_game_deadline,
    .view = rw_view,
    .over = rw_game_over,
    .result = rw_result,
    .bot = rw_bot,
    .clone = rw_game_clone,
    .work_request = NULL,
    .work_run = NULL,
    .rules_revision = 1,
    .replay_marks = rw_marks,
};
