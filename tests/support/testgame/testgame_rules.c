/* testgame_rules.c: see testgame_rules.h. */
#include "testgame_rules.h"

bool testgame_add_ok(long long n)
{
    return n >= TESTGAME_MIN_ADD && n <= TESTGAME_MAX_ADD;
}

int testgame_best_add(int total, int target)
{
    int left = (target - total) % (TESTGAME_MAX_ADD + 1);
    return left ? left : 1;
}
