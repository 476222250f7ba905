/* roborally.c: the RoboRally engine's function table (the contract,
 * games/game.h), on top of the game (roborally_game.h), its views (roborally_view.h) and
 * its bots (roborally_bot.h). */
#include "roborally_bot.h"
#include "roborally_game.h"
#include "roborally_view.h"

/* Where a replay's marks fall: the turns of the race. */
static const game_mark roborally_marks[] = {{"/turn", "Turn", NULL}, {NULL, NULL, NULL}};

const game_engine roborally_engine = {
    .id = "roborally",
    .title = "RoboRally",
    .summary = "Program five registers in secret, then race your robot across the factory floor "
               "to the flags",
    .min_players = 2,
    .max_players = RR_MAX_ROBOTS,
    .options = rr_game_options,
    .seat_range = NULL,
    .seat_team = rr_game_seat_team,
    .bot_levels = rr_bot_levels,
    .create = rr_game_create,
    .destroy = rr_game_destroy,
    .act = rr_game_act,
    .tick = rr_game_tick,
    .deadline = rr_game_deadline,
    .view = rr_view,
    .over = rr_game_over,
    .result = rr_view_result,
    .bot = rr_bot,
    .clone = rr_game_clone,
    .work_request = NULL,
    .work_run = NULL,
    .rules_revision = 1,
    .replay_marks = roborally_marks,
};
