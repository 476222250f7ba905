/*
 * ricochet_bot.c: bots for Ricochet Robots, levels easy, normal and hard.
 *
 * A bot thinks in stages, like a player who first sees a plain route and
 * later a cleverer one. Each stage is a search (ricochet_seek: the active
 * robot alone, or with a helper move; or, for hard, the server's logged
 * optimum) whose answer the bot "finds" after a thinking time that grows
 * with the answer's length and shrinks with the level:
 *   think = (base + per * L * L / 4) seconds, times 0.8 to 1.2 (a jitter
 *   fixed per bot and round), times bot_think_pct / 100.
 * At each moment a bot's best is the shortest answer of the stages whose
 * time has come; it bids that, and lowers its bid when a later stage finds
 * better. Easy bots look only at short routes and each stage may miss (a
 * quarter of the time), so easy sometimes has nothing; normal bots come to
 * the optimum after long thought, so a position that is hard for everyone
 * does not stall a table. `botpit bench ricochet --bots` (300 rounds a
 * table, default options) gave: all three at one table, hard 46% of the
 * chips, normal 35%, easy 19%; head to head normal beats easy 76-24, hard
 * beats normal 55-45 and easy 76-24. Median first bids: hard 6 s for a
 * 2-4 move optimum, 11 s for 5-6, 19 s for 7-8, 34 s for 9 or more;
 * normal 14, 39, 63 and 82 s (so beside a hard bot, whose bid starts the
 * sand timer, it bids in only a quarter of the 9+ rounds); easy 22 and
 * 52 s, and never on an optimum above 6.
 *
 * A bot that finds nothing at all starts the sand timer by hand once the
 * idle rule allows it (idle_min_s), so a hopeless chip does not hold the
 * table up.
 *
 * Demonstrating, a bot plays the answer it bid (the longest of its answers
 * within its bid, so it shows what it said), a move every STEP_MS after a
 * first look of FIRST_MS, both scaled by bot_think_pct. If the moves so far
 * are not its own (it took over a seat mid-round) and nothing fits, it
 * gives up.
 *
 * Nothing here is remembered between calls: every answer is recomputed
 * from the game, so a bot's plan is a function of the round (and the
 * logged optimum). The searches are bounded to stay well under 20 ms.
 */
#include "ricochet_bot.h"

#include <string.h>

#include "ricochet_game.h"
#include "ricochet_rules.h"
#include "util/rng.h"

#define FIRST_MS 2000
#define STEP_MS 1200
#define STAGES 3

typedef enum stage_kind { STAGE_NONE, STAGE_SEEK, STAGE_OPTIMUM } stage_kind;

typedef struct stage {
    stage_kind kind;
    ricochet_seek_limits limits; /* for STAGE_SEEK */
    double base_s, per_s;        /* thinking time: base + per * L^2 / 4 */
    int miss_pct;                /* chance this stage finds nothing this round */
} stage;

static const stage stages[3][STAGES] = {
    /* easy: the active robot alone, then with one helper move; short routes
     * only, and each may be missed: 3 moves in about 20 s, 5 in about 40 s */
    {{STAGE_SEEK, {0, 6, 2000}, 8, 5.0, 25}, {STAGE_SEEK, {1, 6, 5000}, 12, 6.0, 25}, {.kind = STAGE_NONE}},
    /* normal: the same, deeper: 3 moves in about 15 s, 6 in about 45 s;
     * and after long thought the optimum, so no position stalls the table */
    {{STAGE_SEEK, {0, 10, 2000}, 4, 3.5, 0}, {STAGE_SEEK, {1, 10, 8000}, 6, 4.5, 0},
     {STAGE_OPTIMUM, {0, 0, 0}, 30, 3.0, 0}},
    /* hard: a helper move at once, then the optimum: 6 moves in about 15 s */
    {{STAGE_SEEK, {1, 10, 8000}, 3, 1.0, 0}, {STAGE_OPTIMUM, {0, 0, 0}, 4, 1.2, 0}, {.kind = STAGE_NONE}},
};

/* A number in [0, 1) fixed for this bot, round, stage and purpose. */
static double fixed_random(const game *g, int seat, int level, int st, int purpose)
{
    const ricochet_round *r = ricochet_round_of(g);
    uint64_t x = (uint64_t)ricochet_round_no(g) << 40 ^ (uint64_t)seat << 32 ^ (uint64_t)level << 24 ^
                 (uint64_t)st << 16 ^ (uint64_t)purpose << 8 ^ r->target;
    for (int i = 0; i < r->start.nrobots; i++)
        x = rng_mix(x ^ r->start.cell[i]);
    return (double)(rng_mix(x) >> 11) / 9007199254740992.0;
}

/* One stage's answer: its length (-1 for none), moves, and when it comes. */
static int stage_answer(const game *g, int seat, int level, int st, const volatile int *cancel,
                        ricochet_move *moves, int64_t *at)
{
    const stage *s = &stages[level][st];
    int n = -1;
    if (s->kind == STAGE_NONE)
        return -1;
    if (s->kind == STAGE_OPTIMUM) {
        const ricochet_optimum *o = ricochet_optimum_of(g);
        if (o->known == RICOCHET_KNOWN_OPTIMUM) {
            n = o->nmoves;
            memcpy(moves, o->moves, (size_t)n * sizeof *moves);
        }
    } else if (fixed_random(g, seat, level, st, 1) * 100 >= s->miss_pct) {
        n = ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &s->limits, cancel, moves);
    }
    if (n < 0)
        return -1;
    double jitter = 0.8 + 0.4 * fixed_random(g, seat, level, st, 2);
    double think_ms = (s->base_s + s->per_s * n * n / 4.0) * 1000.0 * jitter *
                      ricochet_think_pct(g) / 100.0;
    *at = ricochet_revealed_at(g) + (int64_t)think_ms;
    return n;
}

int ricochet_bot_plan(const game *g, int seat, int level, int64_t now_ms, ricochet_move *moves,
                      int64_t *next_ms, const volatile int *cancel)
{
    ricochet_move found[STAGES][RICOCHET_MAX_MOVES];
    int64_t at[STAGES];
    int n[STAGES], best = -1;
    for (int st = 0; st < STAGES; st++) {
        n[st] = stage_answer(g, seat, level, st, cancel, found[st], &at[st]);
        if (n[st] >= 0 && at[st] <= now_ms && (best < 0 || n[st] < best)) {
            best = n[st];
            memcpy(moves, found[st], (size_t)best * sizeof *moves);
        }
    }
    /* The next moment something better comes to mind. */
    *next_ms = GAME_NO_DEADLINE;
    for (int st = 0; st < STAGES; st++) {
        if (n[st] >= 0 && at[st] > now_ms && (best < 0 || n[st] < best) && at[st] < *next_ms)
            *next_ms = at[st];
    }
    return best;
}

static json_t *bid_action(int moves)
{
    return json_pack("{s:s, s:i}", "kind", "bid", "moves", moves);
}

static json_t *bidding(const game *g, int seat, int level, int64_t now_ms, int64_t *wake_ms,
                       const volatile int *cancel)
{
    ricochet_move moves[RICOCHET_MAX_MOVES];
    int64_t next;
    int best = ricochet_bot_plan(g, seat, level, now_ms, moves, &next, cancel);
    int own = ricochet_bid_of(g, seat);
    if (best > 0 && best <= RICOCHET_MAX_BID && (own == 0 || best < own))
        return bid_action(best);
    *wake_ms = next;
    /* Out of ideas with no bid on the table: move the game on once allowed. */
    bool stuck = best < 0 && next == GAME_NO_DEADLINE && !ricochet_any_bid(g) &&
                 ricochet_timer_end(g) == GAME_NO_DEADLINE;
    if (!stuck)
        return NULL;
    int64_t allowed = ricochet_start_timer_at(g);
    if (now_ms >= allowed)
        return json_pack("{s:s}", "kind", "start_timer");
    *wake_ms = allowed;
    return NULL;
}

static bool starts_with(const ricochet_move *moves, int n, const ricochet_move *prefix, int k)
{
    if (k > n)
        return false;
    for (int i = 0; i < k; i++) {
        if (moves[i].robot != prefix[i].robot || moves[i].dir != prefix[i].dir)
            return false;
    }
    return true;
}

/* The answer to show: the longest within the bid that the moves so far begin. */
static int demo_answer(const game *g, int seat, int level, const ricochet_move *made, int nmade,
                       const volatile int *cancel, ricochet_move *moves)
{
    int bid = ricochet_bid_of(g, seat), best = -1;
    for (int st = 0; st < STAGES; st++) {
        ricochet_move found[RICOCHET_MAX_MOVES];
        int64_t at;
        int n = stage_answer(g, seat, level, st, cancel, found, &at);
        if (n < 0 || n > bid || n <= best || !starts_with(found, n, made, nmade))
            continue;
        best = n;
        memcpy(moves, found, (size_t)n * sizeof *moves);
    }
    return best;
}

static json_t *demonstrating(const game *g, int seat, int level, int64_t now_ms, int64_t *wake_ms,
                             const volatile int *cancel)
{
    ricochet_move made[RICOCHET_MAX_BID], moves[RICOCHET_MAX_MOVES];
    int nmade = ricochet_demo_moves(g, made, RICOCHET_MAX_BID);
    int pct = ricochet_think_pct(g);
    int64_t due = nmade == 0 ? ricochet_demo_started_at(g) + (int64_t)FIRST_MS * pct / 100
                             : ricochet_last_move_at(g) + (int64_t)STEP_MS * pct / 100;
    if (now_ms < due) {
        *wake_ms = due;
        return NULL;
    }
    int n = demo_answer(g, seat, level, made, nmade, cancel, moves);
    if (n <= nmade)
        return json_pack("{s:s}", "kind", "give_up");
    return json_pack("{s:s, s:s, s:s}", "kind", "move", "robot",
                     ricochet_color_name(moves[nmade].robot), "dir", ricochet_dir_name(moves[nmade].dir));
}

json_t *ricochet_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                     int64_t *wake_ms, const volatile int *cancel)
{
    (void)salt; /* a bot's plan is fixed per round (fixed_random) */
    if (seat < 0 || seat >= ricochet_seats(g) || level < 0 || level > 2)
        return NULL;
    *wake_ms = GAME_NO_DEADLINE;
    switch (ricochet_phase_of(g)) {
    case RICOCHET_PHASE_BIDDING: return bidding(g, seat, level, now_ms, wake_ms, cancel);
    case RICOCHET_PHASE_DEMO:
        if (ricochet_demonstrator(g) == seat)
            return demonstrating(g, seat, level, now_ms, wake_ms, cancel);
        return NULL;
    default: return NULL;
    }
}
