/* ricochet.c: the engine's tables, on top of its files: the options, the
 * bot levels and the contract's functions (ricochet.h). */
#include "ricochet.h"

#include "ricochet_bot.h"
#include "ricochet_game.h"
#include "ricochet_rules.h"
#include "ricochet_view.h"

static const char *const sides_choices[] = {"AB", "ABC", NULL};
static const char *const sides_labels[] = {"Sides A and B (the original game)",
                                           "Sides A, B and C (more layouts)", NULL};

static const game_option ricochet_options[] = {
    {"timer_s", GAME_OPTION_INT, "Sand timer (seconds)",
     "Time the others have to bid after the first bid.", 60, 2, 600, NULL, NULL},
    {"idle_min_s", GAME_OPTION_INT, "Start the timer by hand after (seconds)",
     "When nobody has bid for this long, any player may start the sand timer.", 240, 0, 3600,
     NULL, NULL},
    {"idle_s", GAME_OPTION_INT, "Timer starts by itself after (seconds)",
     "When nobody has bid for this long, the sand timer starts by itself.", 300, 1, 3600, NULL, NULL},
    {"demo_s", GAME_OPTION_INT, "Time to demonstrate (seconds)",
     "Each bidder's time to show their solution on the board.", 60, 2, 600, NULL, NULL},
    {"chips_to_win", GAME_OPTION_INT, "Chips to win",
     "0 follows the rules: 8 chips with 2 players, 6 with 3, 5 with 4, every chip with more.", 0,
     0, 17, NULL, NULL},
    {"ricochet_rule", GAME_OPTION_BOOL, "Ricochet rule",
     "The robot of the chip must turn at least once on its way to the target.", 1, 0, 0, NULL, NULL},
    {"silver", GAME_OPTION_BOOL, "Silver robot",
     "A fifth robot with no target of its own, in the way or helping.", 0, 0, 0, NULL, NULL},
    {"sides", GAME_OPTION_CHOICE, "Board sides",
     "Which sides of the four board pieces may be drawn: A and B make the original game's 96 "
     "boards; C adds more.",
     0, 0, 0, sides_choices, sides_labels},
    {"pause_s", GAME_OPTION_INT, "Pause between rounds (seconds)",
     "Time to see each round's result and the optimal solution before the next chip.", 8, 1, 120,
     NULL, NULL},
    {"bot_think_pct", GAME_OPTION_INT, "Bot thinking time (%)",
     "100 is normal; lower makes bots bid and move faster, higher gives you more time.", 100, 0,
     400, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

const char *const ricochet_bot_levels[] = {"easy", "normal", "hard", NULL};

/* Where a replay's marks fall: a round per chip. */
static const game_mark ricochet_marks[] = {{"/round", "Round", NULL}, {NULL, NULL, NULL}};

const game_engine ricochet_engine = {
    .id = "ricochet",
    .title = "Ricochet Robots",
    .summary = "Race to find the fewest moves that bring a robot to its target, then show it",
    .min_players = RICOCHET_MIN_SEATS,
    .max_players = RICOCHET_MAX_SEATS,
    .options = ricochet_options,
    .seat_range = NULL,
    .bot_levels = ricochet_bot_levels,
    .create = ricochet_create,
    .destroy = ricochet_destroy,
    .act = ricochet_act,
    .tick = ricochet_tick,
    .deadline = ricochet_deadline,
    .view = ricochet_view,
    .over = ricochet_over,
    .result = ricochet_result,
    .bot = ricochet_bot,
    .clone = ricochet_clone,
    .work_request = ricochet_work_request,
    .work_run = ricochet_work_run,
    .rules_revision = 1,
    .replay_marks = ricochet_marks,
};
