/* testgame.c: the engine's tables, on top of its files: the options, the
 * bot levels and the contract's functions (testgame.h). */
#include "testgame.h"

#include "testgame_bot.h"
#include "testgame_game.h"
#include "testgame_rules.h"
#include "testgame_view.h"

static const game_option testgame_options[] = {
    {"target", GAME_OPTION_INT, "Target", "The count that wins.", 21, 5, 1000000, NULL, NULL},
    {"turn_s", GAME_OPTION_INT, "Turn time", "Seconds per turn; 0 for no limit.", 0, 0, 600,
     NULL, NULL},
    {"bot_ms", GAME_OPTION_INT, "Bot thinking", "Milliseconds a bot thinks (sleeps) before it answers, unless its budget runs out first.", 0,
     0, 2000, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

static const char *const testgame_bot_levels[] = {"easy", "normal", NULL};

/* Every field but the name and clone. */
#define TESTGAME_ENGINE(engine_id, engine_title, clone_fn) \
    {                                                           \
        .id = engine_id,                                        \
        .title = engine_title,                                  \
        .summary = "Take turns adding 1 to 3; whoever reaches the target wins (tests only).", \
        .min_players = TESTGAME_MIN_SEATS,                      \
        .max_players = TESTGAME_MAX_SEATS,                      \
        .options = testgame_options,                            \
        .bot_levels = testgame_bot_levels,                      \
        .create = testgame_create,                              \
        .destroy = testgame_destroy,                            \
        .act = testgame_act,                                    \
        .tick = testgame_tick,                                  \
        .deadline = testgame_deadline,                          \
        .view = testgame_view,                                  \
        .over = testgame_over,                                  \
        .result = testgame_result,                              \
        .bot = testgame_bot,                                    \
        .clone = clone_fn,                                      \
        .work_request = testgame_work_request,                  \
        .work_run = testgame_work_run,                          \
        .rules_revision = 1,                                    \
    }

const game_engine testgame_engine = TESTGAME_ENGINE("testgame", "Count to 21", testgame_clone);

const game_engine testgame_noclone_engine =
    TESTGAME_ENGINE("testgame_noclone", "Count to 21 (no clone)", NULL);
