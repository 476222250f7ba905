/* manoover.c: the engine's tables, on top of its files: the options and
 * their defaults by variant, the bot levels and the contract's functions
 * (manoover.h). */
#include "manoover.h"

#include "manoover_bot.h"
#include "manoover_game.h"
#include "manoover_view.h"

static const char *const variant_choices[] = {"standard", "three", "plus", NULL};
static const char *const variant_labels[] = {"Standard (two players)", "Three players",
                                             "MANOOVER Plus (two players)", NULL};

/* match_to's default by variant, in variant_choices' order: the target each
 * variant's rules advise (the layouts' match_points, which a test holds
 * equal). A match_to the host sets is used as set, in every variant. */
static const int match_to_defaults[] = {21, 21, 30};

static const game_option_default manoover_option_defaults[] = {
    {"match_to", "variant", match_to_defaults},
    {NULL, NULL, NULL},
};

static const game_option manoover_options[] = {
    {"variant", GAME_OPTION_CHOICE, "Variant",
     "Standard: two players on the 37-cell board, six robots each, three six-sided dice. Three "
     "players: the 61-cell board with three goals. MANOOVER Plus: two players on the 61-cell "
     "board, eight robots each, four eight-sided dice.",
     0, 0, 0, variant_choices, variant_labels},
    {"alternate", GAME_OPTION_BOOL, "Even-more-confusing order",
     "Each player's first turn is a control phase only; every later turn is the automatic phase "
     "first, then the control phase.",
     0, 0, 0, NULL, NULL},
    {"match_to", GAME_OPTION_INT, "Match to",
     "Play a match: games score 1 point per robot in your goal plus a bonus for the winner, and "
     "the first to this many points (ahead of everyone) wins. 0 plays a single game. Left "
     "unset, each variant plays to its own target: 21, or 30 in MANOOVER Plus; a number set "
     "here is used as set, in every variant.",
     21, 0, 500, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

const char *const manoover_bot_levels[] = {"easy", "normal", "hard", NULL};

/* Where a replay's marks fall: the games of a match and their turns. */
static const game_mark manoover_marks[] = {
    {"/game", "Game", NULL}, {"/turn_number", "Turn", NULL}, {NULL, NULL, NULL}};

const game_engine manoover_engine = {
    .id = "manoover",
    .title = "Robot Attack (MANOOVER)",
    .summary = "Dice pick your robots, arrows push them on: shove robots into your goal.",
    .min_players = 2,
    .max_players = 3,
    .options = manoover_options,
    .option_defaults = manoover_option_defaults,
    .seat_range = manoover_seat_range,
    .bot_levels = manoover_bot_levels,
    .create = manoover_create,
    .destroy = manoover_destroy,
    .act = manoover_act,
    .tick = manoover_tick,
    .deadline = manoover_deadline,
    .view = manoover_view,
    .over = manoover_over,
    .result = manoover_result,
    .bot = manoover_bot,
    .clone = manoover_clone,
    .rules_revision = 1,
    .replay_marks = manoover_marks,
};
