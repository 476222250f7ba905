/* roborally.c: the engine's tables, on top of its files: the options, the
 * bot levels and the contract's functions (roborally.h). */
#include "roborally.h"

#include "roborally_bot.h"
#include "roborally_game.h"
#include "roborally_view.h"

static const char *const mode_names[] = {"race", "roboball", NULL};
static const char *const mode_labels[] = {"Race", "RoboBall (teams)", NULL};

static const game_option rr_options[] = {
    {"mode", GAME_OPTION_CHOICE, "Mode",
     "Race: touch the flags in order; the first to touch the last wins. RoboBall: teams bring "
     "the indestructible RoboBall to their home, dragging it on a hitch or pushing it.",
     0, 0, 0, mode_names, mode_labels},
    {"course", GAME_OPTION_CHOICE, "Course",
     "The factory floor, with the number of players the course book suggests for it and how "
     "long a race on it is.",
     0, 0, 0, rr_course_ids, rr_course_labels},
    {"options", GAME_OPTION_BOOL, "Option cards",
     "Crossed wrench-and-hammer sites repair 1 and give an option card (8 kinds) instead of "
     "repairing 2.",
     0, 0, 0, NULL, NULL},
    {"program_s", GAME_OPTION_INT, "Seconds for the last programmer",
     "Once everyone else has programmed, the last player has this long; then empty registers "
     "are filled at random.",
     30, 2, 600, NULL, NULL},
    {"turn_s", GAME_OPTION_INT, "Longest programming (seconds)",
     "No programming phase lasts longer than this.", 180, 5, 3600, NULL, NULL},
    {"teams", GAME_OPTION_INT, "Teams (RoboBall)",
     "0: every player for themselves. 2 to 4: that many teams of the same size, taking "
     "the seats in turn (with 2 teams, seats 1, 3, 5 and 7 play against seats 2, 4, 6 and 8). "
     "Ignored in the race.",
     0, 0, 4, NULL, NULL},
    {"max_turns", GAME_OPTION_INT, "Turn limit (RoboBall)",
     "After this many turns with no goal the game is a draw. Ignored in the race.", 30, 1, 200,
     NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

const char *const rr_bot_levels[] = {"easy", "normal", "hard", NULL};

/* Where a replay's marks fall: the turns of the race. */
static const game_mark roborally_marks[] = {{"/turn", "Turn", NULL}, {NULL, NULL, NULL}};

const game_engine roborally_engine = {
    .id = "roborally",
    .title = "RoboRally",
    .summary = "Program five registers in secret, then race your robot across the factory floor "
               "to the flags",
    .min_players = 2,
    .max_players = RR_MAX_ROBOTS,
    .options = rr_options,
    .options_check = rr_game_options_check,
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
    .rules_revision = 2,
    .replay_marks = roborally_marks,
};
