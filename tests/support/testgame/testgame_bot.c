/* testgame_bot.c: the bots (testgame_bot.h). */
#include "testgame_bot.h"

#include <time.h>

#include "testgame_game.h"
#include "testgame_rules.h"

json_t *testgame_bot(const game *g, int seat, int level, int64_t now, uint64_t salt,
                     int64_t *wake_ms, const volatile int *cancel)
{
    (void)now;
    (void)salt;
    (void)wake_ms;
    if (seat != testgame_turn(g))
        return NULL;
    /* "Thinks" for bot_ms, but like a searching bot stops when told. */
    for (int slept = 0; slept < testgame_bot_ms(g) && !*cancel; slept += 5)
        nanosleep(&(struct timespec){0, 5 * 1000000L}, NULL);
    int n = TESTGAME_MIN_ADD;
    if (level >= TESTGAME_BOT_NORMAL)
        n = testgame_best_add(testgame_total(g), testgame_target(g));
    return json_pack("{s:s,s:i}", "kind", "add", "n", n);
}
