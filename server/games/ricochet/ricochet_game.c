/*
 * ricochet_game.c: the Ricochet Robots table: rounds, bids, the sand timer,
 * demonstrations, chips and the end (seed 001, RULINGS §1).
 *
 * Two to eight seats; any may be a bot. The options are the table below.
 * The wire formats (options, actions, view, events, result) are in
 * protocol/PROTOCOL.md, section "ricochet: Ricochet Robots".
 *
 * A round. A chip is revealed (phase "bidding"). Every seated player may
 * bid at any time, as often as they like, but never above their own
 * earlier bid; a repeated bid keeps its place in time. The first bid starts
 * the sand timer (timer_s). Without a bid, any player may start it once
 * idle_min_s have passed since the reveal, and it starts by itself after
 * idle_s. When it runs out with no bid, the chip goes back into the pile,
 * never to be the next one revealed while another is left. Otherwise the
 * bidders demonstrate one at a time (phase "demonstration"): lowest bid
 * first, then fewer chips, then the earlier bid. Each has demo_s; a demonstration fails when its moves reach
 * the bid unsolved, when the demonstrator gives up, or at its deadline, and
 * the robots then go back to where the round began. The first success
 * takes the chip and leaves the robots where they stopped; if all fail the
 * chip goes back into the pile. Then a pause of pause_s (phase
 * "round_over") shows the round's result and the optimal solution before
 * the next chip; if the solver has not answered yet, the pause waits for
 * it (up to SOLVER_WAIT_MS more) and runs pause_s from its answer.
 *
 * The end: when a player holds chips_to_win chips, or when every chip is
 * won; the game is over once that round's pause is (phase "over"). Most
 * chips win; equal chips share the win.
 *
 * Time: every deadline is an absolute game time (the timer's end, the idle
 * start, a demonstration's deadline, the end of a pause); `deadline` gives
 * the earliest and `tick` handles each that has passed at its own time. A
 * player's action at or after the running deadline is refused as too late
 * (the room ticks before it acts, so this only shows in replays and tests).
 *
 * The solver. While the round's optimum is unknown, work_request asks for
 * it (the round's puzzle with a node budget and a memory cap); the room
 * solves it off the loop thread and logs the answer as a work_done input
 * from GAME_SEAT_SERVER. The answer is kept hidden until the round ends.
 * If the solver gave up, the round's result shows the lower bound it proved
 * (and any successful demonstration as the best solution found).
 */
#include <stdlib.h>
#include <string.h>

#include "ricochet_json.h"
#include "ricochet_table.h"

/* The solver's budget per round, and a memory cap; past them it gives up
 * with a proven lower bound. On this machine the first rounds of 2000
 * seeded games all solve within the cap, the slowest in about 0.5 s; the
 * two 24/25-move anchor puzzles outgrow 64 MiB, fall back to IDA* and give
 * up after about 4 s (bound 22). */
#define SOLVE_NODES 25000000
#define SOLVE_TABLE_MIB 64
/* How long a pause may wait for a slow solver before the next chip. */
#define SOLVER_WAIT_MS 20000

/* ---- options ---- */

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

static int option_int(const json_t *options, const char *name)
{
    return (int)json_integer_value(json_object_get(options, name));
}

static int64_t option_ms(const json_t *options, const char *name)
{
    return (int64_t)option_int(options, name) * 1000;
}

/* ---- small helpers ---- */

static void emit(json_t *events, json_t *ev)
{
    if (events)
        json_array_append_new(events, ev);
    else
        json_decref(ev);
}

/* {"kind": kind, ...fields}: the kind first, as people read events. */
static json_t *event_of(const char *kind, json_t *fields)
{
    json_t *ev = json_pack("{s:s}", "kind", kind);
    json_object_update(ev, fields);
    json_decref(fields);
    return ev;
}

static json_t *seat_or_null(int seat)
{
    return seat >= 0 ? json_integer(seat) : json_null();
}

/* The pile is a hidden deal: its order comes from the secret stream, so no
 * seed a host chose tells what the next chip will be. */
static void pile_shuffle(game *g)
{
    for (int i = g->npile - 1; i > 0; i--) {
        int j = (int)rng_below(&g->deal, (uint32_t)i + 1);
        uint8_t t = g->pile[i];
        g->pile[i] = g->pile[j];
        g->pile[j] = t;
    }
}

/* A returned chip is shuffled back in, but never on top while another chip
 * is left (RULINGS §1): the next round is a new target. The rest is
 * shuffled and the chip takes a place below the top, each alike. */
static void pile_return(game *g, int chip)
{
    pile_shuffle(g);
    int at = g->npile ? (int)rng_below(&g->deal, (uint32_t)g->npile) : 0;
    g->pile[g->npile++] = g->pile[at];
    g->pile[at] = (uint8_t)chip;
}

/* The RULINGS' chips to win by the number of players (0: every chip). */
static int chips_to_win_for(int seats)
{
    switch (seats) {
    case 2: return 8;
    case 3: return 6;
    case 4: return 5;
    default: return 0;
    }
}

/* ---- the flow ---- */

static void reveal(game *g, int64_t at, json_t *events)
{
    g->chip = g->pile[--g->npile];
    g->round++;
    ricochet_chip c = ricochet_chips[g->chip];
    ricochet_round_start(&g->play, &g->robots, ricochet_board_target_cell(&g->board, c), c.color,
                         g->rule);
    g->phase = RICOCHET_PHASE_BIDDING;
    g->revealed_at = at;
    g->timer_started = g->timer_end = GAME_NO_DEADLINE;
    g->timer_seat = -1;
    g->nbids_made = 0;
    memset(g->bids, 0, sizeof g->bids);
    g->norder = g->demo_index = g->nsteps = g->nattempts = 0;
    memset(&g->optimum, 0, sizeof g->optimum);
    emit(events, json_pack("{s:s, s:i, s:o, s:i}", "kind", "reveal", "round", g->round, "target",
                           ricochet_target_json(&g->board, g->chip), "chips_left", g->npile + 1));
}

static void start_timer(game *g, int64_t at, ricochet_timer_by by, int seat, json_t *events)
{
    g->timer_started = at;
    g->timer_end = at + g->timer_ms;
    g->timer_by = by;
    g->timer_seat = seat;
    emit(events, json_pack("{s:s, s:s, s:o, s:I, s:I}", "kind", "timer", "by",
                           ricochet_timer_by_names[by], "seat", seat_or_null(seat), "started",
                           (json_int_t)at, "ends", (json_int_t)g->timer_end));
}

static bool game_decided(const game *g, int winner)
{
    if (g->npile == 0)
        return true;
    return winner >= 0 && g->chips_to_win > 0 && g->nwon[winner] >= g->chips_to_win;
}

static void round_end(game *g, ricochet_outcome outcome, int winner, int64_t at, json_t *events)
{
    if (outcome != RICOCHET_OUTCOME_WON)
        pile_return(g, g->chip);
    ricochet_record *rec = &g->last;
    memset(rec, 0, sizeof *rec);
    rec->round = g->round;
    rec->chip = g->chip;
    rec->outcome = outcome;
    rec->winner = winner;
    rec->start = g->play.start;
    rec->end = g->play.pos;
    rec->nattempts = g->nattempts;
    memcpy(rec->attempts, g->attempts, sizeof rec->attempts);
    if (outcome == RICOCHET_OUTCOME_WON) {
        rec->nwinning = g->nsteps;
        memcpy(rec->winning, g->steps, sizeof rec->winning);
    }
    rec->optimum = g->optimum;
    g->has_last = true;
    g->phase = RICOCHET_PHASE_ROUND_OVER;
    g->ended_at = at;
    g->next_reveal = at + g->pause_ms;
    if (g->optimum.known == RICOCHET_KNOWN_NOTHING)
        g->next_reveal += SOLVER_WAIT_MS;
    g->finishing = game_decided(g, winner);

    json_t *chips = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(chips, json_integer(g->nwon[s]));
    emit(events, json_pack("{s:s, s:i, s:s, s:o, s:o, s:o, s:o}", "kind", "round_end", "round",
                           g->round, "outcome", ricochet_outcome_names[outcome], "winner",
                           seat_or_null(winner), "target", ricochet_target_json(&g->board, g->chip),
                           "chips", chips, "optimal", ricochet_optimum_json(g, &g->play.start, g->chip, &g->optimum)));
}

static void start_demo(game *g, int index, int64_t at, json_t *events)
{
    int seat = g->order[index];
    g->demo_index = index;
    g->demo_started = g->last_move_at = at;
    g->demo_deadline = at + g->demo_ms;
    g->nsteps = 0;
    emit(events, json_pack("{s:s, s:i, s:i, s:i, s:I}", "kind", "demo_start", "seat", seat, "bid",
                           g->bids[seat].moves, "attempt", index + 1, "deadline",
                           (json_int_t)g->demo_deadline));
}

static void timer_out(game *g, int64_t at, json_t *events)
{
    g->norder = ricochet_bid_order(g, g->order);
    if (g->norder == 0) {
        round_end(g, RICOCHET_OUTCOME_NO_BIDS, -1, at, events);
        return;
    }
    json_t *order = json_array();
    for (int i = 0; i < g->norder; i++)
        json_array_append_new(order, json_integer(g->order[i]));
    emit(events, json_pack("{s:s, s:o}", "kind", "timer_out", "order", order));
    g->phase = RICOCHET_PHASE_DEMO;
    start_demo(g, 0, at, events);
}

static void end_demo(game *g, ricochet_demo_end end, int64_t at, json_t *events)
{
    int seat = g->order[g->demo_index];
    ricochet_attempt *a = &g->attempts[g->nattempts++];
    *a = (ricochet_attempt){seat, g->bids[seat].moves, g->play.moves, end};
    json_t *ev = event_of("demo_end", ricochet_attempt_json(a));
    if (end == RICOCHET_DEMO_SOLVED) {
        g->won[seat][g->nwon[seat]++] = (uint8_t)g->chip;
        g->robots = g->play.pos;
        emit(events, ev);
        round_end(g, RICOCHET_OUTCOME_WON, seat, at, events);
        return;
    }
    ricochet_round_reset(&g->play);
    json_object_set_new(ev, "robots", ricochet_robots_json(&g->play.pos));
    emit(events, ev);
    if (g->demo_index + 1 < g->norder)
        start_demo(g, g->demo_index + 1, at, events);
    else
        round_end(g, RICOCHET_OUTCOME_ALL_FAILED, -1, at, events);
}

static void finish(game *g, json_t *events)
{
    int best = 0;
    for (int s = 0; s < g->seats; s++)
        best = g->nwon[s] > best ? g->nwon[s] : best;
    g->winners = 0;
    for (int s = 0; s < g->seats; s++) {
        if (g->nwon[s] == best)
            g->winners |= (uint8_t)(1u << s);
    }
    g->phase = RICOCHET_PHASE_OVER;
    json_t *result = ricochet_result_json(g);
    emit(events, json_pack("{s:s, s:O, s:O, s:O}", "kind", "over", "winners",
                           json_object_get(result, "winners"), "scores",
                           json_object_get(result, "scores"), "summary",
                           json_object_get(result, "summary")));
    json_decref(result);
}

/* ---- create and destroy ---- */

static game *ricochet_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    if (seats < RICOCHET_MIN_SEATS || seats > RICOCHET_MAX_SEATS) {
        game_fail(err, "bad_options", "Ricochet Robots needs two to eight players, not %d", seats);
        return NULL;
    }
    int idle_min = option_int(options, "idle_min_s"), idle = option_int(options, "idle_s");
    if (idle_min > idle) {
        game_fail(err, "bad_options",
                  "idle_min_s (%d) cannot be more than idle_s (%d): the timer would start by "
                  "itself before anyone could start it",
                  idle_min, idle);
        return NULL;
    }
    game *g = calloc(1, sizeof *g);
    if (!g) {
        game_fail(err, "bad_options", "out of memory");
        return NULL;
    }
    g->seats = seats;
    g->timer_ms = option_ms(options, "timer_s");
    g->idle_min_ms = option_ms(options, "idle_min_s");
    g->idle_ms = option_ms(options, "idle_s");
    g->demo_ms = option_ms(options, "demo_s");
    g->pause_ms = option_ms(options, "pause_s");
    g->chips_to_win = option_int(options, "chips_to_win");
    if (g->chips_to_win == 0)
        g->chips_to_win = chips_to_win_for(seats);
    g->rule = json_is_true(json_object_get(options, "ricochet_rule"));
    g->silver = json_is_true(json_object_get(options, "silver"));
    g->think_pct = option_int(options, "bot_think_pct");
    const char *sides = json_string_value(json_object_get(options, "sides"));

    rng_seed(&g->dice, seeds.seed);
    rng_seed(&g->deal, seeds.secret);
    int layout[4];
    ricochet_layout_random(&g->dice, sides ? sides : "AB", layout);
    char why[200];
    if (ricochet_board_assemble(&g->board, layout, why, sizeof why) < 0) {
        game_fail(err, "bad_options", "the board cannot be assembled: %s", why);
        free(g);
        return NULL;
    }
    ricochet_position_random(&g->dice, &g->board, g->silver ? 5 : 4, &g->robots);
    g->npile = RICOCHET_CHIPS;
    for (int i = 0; i < RICOCHET_CHIPS; i++)
        g->pile[i] = (uint8_t)i;
    pile_shuffle(g);
    reveal(g, 0, NULL);
    return g;
}

static void ricochet_destroy(game *g)
{
    free(g);
}

/* struct game holds no pointer (the board, the pile and the record are
 * arrays inside it), so a plain copy shares nothing with the original. */
static game *ricochet_clone(const game *g)
{
    game *copy = malloc(sizeof *copy);
    if (copy)
        *copy = *g;
    return copy;
}

/* ---- time ---- */

static int64_t ricochet_deadline(const game *g)
{
    switch (g->phase) {
    case RICOCHET_PHASE_BIDDING:
        return g->timer_end != GAME_NO_DEADLINE ? g->timer_end : g->revealed_at + g->idle_ms;
    case RICOCHET_PHASE_DEMO: return g->demo_deadline;
    case RICOCHET_PHASE_ROUND_OVER: return g->next_reveal;
    default: return GAME_NO_DEADLINE;
    }
}

/* Handles every passed deadline at its own time, so a late tick replays
 * what would have happened, in order. */
static void ricochet_tick(game *g, int64_t now_ms, json_t *events)
{
    for (int64_t d; (d = ricochet_deadline(g)) <= now_ms;) {
        switch (g->phase) {
        case RICOCHET_PHASE_BIDDING:
            if (g->timer_end == GAME_NO_DEADLINE)
                start_timer(g, d, RICOCHET_TIMER_IDLE, -1, events);
            else
                timer_out(g, d, events);
            break;
        case RICOCHET_PHASE_DEMO: end_demo(g, RICOCHET_DEMO_TIME, d, events); break;
        case RICOCHET_PHASE_ROUND_OVER:
            if (g->finishing)
                finish(g, events);
            else
                reveal(g, d, events);
            break;
        default: return;
        }
    }
}

/* ---- the solver's answer ---- */

static json_t *puzzle_json(const game *g)
{
    json_t *layout = json_object();
    for (int c = 0; c < 4; c++)
        json_object_set_new(layout, ricochet_corner_name(c),
                            json_string(ricochet_sides[g->board.layout[c]].id));
    ricochet_chip chip = ricochet_chips[g->chip];
    return json_pack("{s:i, s:o, s:o, s:{s:s, s:s}, s:s, s:b, s:{s:i}, s:i}", "round", g->round,
                     "layout", layout, "robots", ricochet_position_to_json(&g->play.start),
                     "target", "color", ricochet_color_name(chip.color), "symbol",
                     ricochet_symbol_name(chip.symbol), "active_robot",
                     ricochet_color_name(chip.color), "ricochet_rule", g->rule, "budget", "nodes",
                     SOLVE_NODES, "table_mib", SOLVE_TABLE_MIB);
}

static json_t *ricochet_work_request(const game *g)
{
    if (g->phase == RICOCHET_PHASE_OVER || g->optimum.known != RICOCHET_KNOWN_NOTHING)
        return NULL;
    return puzzle_json(g);
}

static json_t *ricochet_work_run(const json_t *request, const volatile int *cancel)
{
    return ricochet_solve_json(request, cancel);
}

/* Reads a solution [["red","N"], ...] and checks it solves the round from
 * its start in exactly n moves. */
static int read_solution(const game *g, const json_t *list, int n, ricochet_move *moves,
                         game_error *err)
{
    if (!json_is_array(list) || (int)json_array_size(list) != n || n < 1 || n > RICOCHET_MAX_MOVES)
        return game_fail(err, "bad_action", "result.solution must list result.moves moves");
    ricochet_round r;
    ricochet_round_start(&r, &g->play.start, g->play.target, g->play.active, g->play.rule);
    for (int i = 0; i < n; i++) {
        json_t *m = json_array_get(list, (size_t)i);
        int robot = ricochet_color_parse(json_string_value(json_array_get(m, 0)));
        int dir = ricochet_dir_parse(json_string_value(json_array_get(m, 1)));
        char why[200];
        if (robot < 0 || dir < 0 || ricochet_round_move(&r, &g->board, robot, dir, NULL, why, sizeof why) < 0)
            return game_fail(err, "bad_action", "result.solution[%d] is not a legal move", i);
        moves[i] = (ricochet_move){(uint8_t)robot, (uint8_t)dir};
    }
    if (!r.solved)
        return game_fail(err, "bad_action", "result.solution does not reach the target");
    return 0;
}

static int read_optimum(const game *g, const json_t *result, ricochet_optimum *o, game_error *err)
{
    memset(o, 0, sizeof *o);
    const char *status = json_string_value(json_object_get(result, "status"));
    json_t *nodes = json_object_get(result, "nodes"), *bound = json_object_get(result, "lower_bound");
    o->nodes = json_is_integer(nodes) && json_integer_value(nodes) > 0 ? (uint64_t)json_integer_value(nodes) : 0;
    o->lower_bound = json_is_integer(bound) ? (int)json_integer_value(bound) : 0;
    if (o->lower_bound < 0 || o->lower_bound > RICOCHET_MAX_MOVES + 1)
        return game_fail(err, "bad_action", "result.lower_bound is out of range");
    if (status && strcmp(status, "solved") == 0) {
        json_t *moves = json_object_get(result, "moves");
        o->nmoves = json_is_integer(moves) ? (int)json_integer_value(moves) : -1;
        if (read_solution(g, json_object_get(result, "solution"), o->nmoves, o->moves, err) < 0)
            return -1;
        o->known = RICOCHET_KNOWN_OPTIMUM;
        o->lower_bound = o->nmoves;
        return 0;
    }
    if (status && strcmp(status, "gave_up") == 0) {
        o->known = RICOCHET_KNOWN_BOUND;
        return 0;
    }
    if (status && strcmp(status, "no_solution") == 0) {
        o->known = RICOCHET_KNOWN_NONE;
        return 0;
    }
    return game_fail(err, "bad_action", "result.status must be solved, gave_up or no_solution");
}

/* Is `got` a request for the same puzzle as `want`? The budget is left
 * out, so that logs stay replayable when the budget is tuned. */
static bool same_puzzle(const json_t *want, const json_t *got)
{
    static const char *const keys[] = {"round", "layout", "robots", "target", "active_robot",
                                       "ricochet_rule"};
    if (!json_is_object(got))
        return false;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (!json_equal(json_object_get(want, keys[i]), json_object_get(got, keys[i])))
            return false;
    }
    return true;
}

static int act_work_done(game *g, const json_t *action, int64_t now_ms, json_t *events,
                         game_error *err)
{
    json_t *want = ricochet_work_request(g);
    if (!want)
        return game_fail(err, "illegal", "the solver's answer for round %d is already in", g->round);
    bool same = same_puzzle(want, json_object_get(action, "request"));
    json_decref(want);
    if (!same)
        return game_fail(err, "illegal", "this solver answer is for another round's puzzle");
    ricochet_optimum o;
    if (read_optimum(g, json_object_get(action, "result"), &o, err) < 0)
        return -1;
    g->optimum = o;
    if (g->phase != RICOCHET_PHASE_ROUND_OVER)
        return 0; /* kept secret until the round ends */
    g->last.optimum = o;
    int64_t from_answer = now_ms + g->pause_ms, from_end = g->ended_at + g->pause_ms;
    g->next_reveal = from_answer > from_end ? from_answer : from_end;
    emit(events, json_pack("{s:s, s:i, s:o}", "kind", "optimal", "round", g->round, "optimal",
                           ricochet_optimum_json(g, &g->play.start, g->chip, &o)));
    return 0;
}

/* ---- players' actions ---- */

static int act_bid(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                   game_error *err)
{
    if (g->phase == RICOCHET_PHASE_DEMO)
        return game_fail(err, "illegal", "bidding is over: the sand timer has run out");
    if (g->phase != RICOCHET_PHASE_BIDDING)
        return game_fail(err, "illegal", "the next chip is not revealed yet");
    json_t *m = json_object_get(action, "moves");
    if (!json_is_integer(m) || json_integer_value(m) < 1 || json_integer_value(m) > RICOCHET_MAX_BID)
        return game_fail(err, "bad_action", "moves must be a whole number from 1 to %d",
                         RICOCHET_MAX_BID);
    int moves = (int)json_integer_value(m);
    ricochet_bid *b = &g->bids[seat];
    if (b->moves && moves > b->moves)
        return game_fail(err, "illegal",
                         "you bid %d already: a bid may go down or stay the same, never up",
                         b->moves);
    bool repeated = b->moves == moves, lowered = b->moves && moves < b->moves;
    if (!repeated)
        *b = (ricochet_bid){moves, ++g->nbids_made, now_ms};
    emit(events, json_pack("{s:s, s:i, s:i, s:i, s:b, s:b}", "kind", "bid", "seat", seat, "moves",
                           moves, "order", b->order, "lowered", lowered, "repeated", repeated));
    if (g->timer_end == GAME_NO_DEADLINE)
        start_timer(g, now_ms, RICOCHET_TIMER_BID, seat, events);
    return 0;
}

static int act_start_timer(game *g, int seat, int64_t now_ms, json_t *events, game_error *err)
{
    if (g->phase != RICOCHET_PHASE_BIDDING)
        return game_fail(err, "illegal", "the sand timer runs only while bids are open");
    if (g->timer_end != GAME_NO_DEADLINE)
        return game_fail(err, "illegal", "the sand timer is already running");
    int64_t allowed = g->revealed_at + g->idle_min_ms;
    if (now_ms < allowed)
        return game_fail(err, "illegal",
                         "the sand timer starts with the first bid; without one, anyone may start "
                         "it %lld s after the chip was revealed (in %lld s)",
                         (long long)(g->idle_min_ms / 1000),
                         (long long)((allowed - now_ms + 999) / 1000));
    start_timer(g, now_ms, RICOCHET_TIMER_PLAYER, seat, events);
    return 0;
}

static int check_demonstrator(const game *g, int seat, game_error *err)
{
    if (g->phase == RICOCHET_PHASE_BIDDING)
        return game_fail(err, "not_your_turn",
                         "robots move only in your mind until the sand timer runs out");
    if (g->phase != RICOCHET_PHASE_DEMO)
        return game_fail(err, "not_your_turn", "no one is demonstrating now");
    int demonstrator = g->order[g->demo_index];
    if (seat != demonstrator)
        return game_fail(err, "not_your_turn", "Seat %d is demonstrating now", demonstrator + 1);
    return 0;
}

static int act_move(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                    game_error *err)
{
    if (check_demonstrator(g, seat, err) < 0)
        return -1;
    int robot = ricochet_color_parse(json_string_value(json_object_get(action, "robot")));
    if (robot < 0)
        return game_fail(err, "bad_action", "robot must be red, green, blue, yellow or silver");
    if (robot >= g->play.pos.nrobots)
        return game_fail(err, "illegal", "there is no silver robot in this game");
    int dir = ricochet_dir_parse(json_string_value(json_object_get(action, "dir")));
    if (dir < 0)
        return game_fail(err, "bad_action", "dir must be N, E, S or W");
    ricochet_step st;
    char why[200];
    if (ricochet_round_move(&g->play, &g->board, robot, dir, &st, why, sizeof why) < 0)
        return game_fail(err, "illegal", "%s", why);
    g->steps[g->nsteps++] = st;
    g->last_move_at = now_ms;
    json_t *ev = json_pack("{s:s, s:i, s:i, s:i}", "kind", "move", "seat", seat, "moves_made",
                           g->play.moves, "bid", g->bids[seat].moves);
    json_t *step = ricochet_step_to_json(&st);
    json_object_update(ev, step);
    json_decref(step);
    emit(events, ev);
    if (st.solved)
        end_demo(g, RICOCHET_DEMO_SOLVED, now_ms, events);
    else if (g->play.moves >= g->bids[seat].moves)
        end_demo(g, RICOCHET_DEMO_OUT_OF_MOVES, now_ms, events);
    return 0;
}

static int act_give_up(game *g, int seat, int64_t now_ms, json_t *events, game_error *err)
{
    if (check_demonstrator(g, seat, err) < 0)
        return -1;
    end_demo(g, RICOCHET_DEMO_GAVE_UP, now_ms, events);
    return 0;
}

static const char *too_late(const game *g)
{
    switch (g->phase) {
    case RICOCHET_PHASE_BIDDING:
        return g->timer_end != GAME_NO_DEADLINE ? "too late: the sand timer has run out"
                                                : "too late: the sand timer has started by itself";
    case RICOCHET_PHASE_DEMO: return "too late: the time for this demonstration is up";
    default: return "too late: the next chip is being revealed";
    }
}

static int ricochet_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                        game_error *err)
{
    if (!json_is_object(action))
        return game_fail(err, "bad_action", "an action is a JSON object with a kind");
    const char *kind = json_string_value(json_object_get(action, "kind"));
    if (!kind)
        return game_fail(err, "bad_action", "kind must be bid, start_timer, move or give_up");
    if (strcmp(kind, "work_done") == 0) {
        if (seat != GAME_SEAT_SERVER)
            return game_fail(err, "not_your_turn", "only the server reports the solver's answers");
        return act_work_done(g, action, now_ms, events, err);
    }
    bool bid = strcmp(kind, "bid") == 0, timer = strcmp(kind, "start_timer") == 0,
         move = strcmp(kind, "move") == 0, give_up = strcmp(kind, "give_up") == 0;
    if (!bid && !timer && !move && !give_up)
        return game_fail(err, "bad_action", "kind must be bid, start_timer, move or give_up");
    if (seat < 0 || seat >= g->seats)
        return game_fail(err, "not_your_turn", "only seated players play");
    if (g->phase == RICOCHET_PHASE_OVER)
        return game_fail(err, "not_your_turn", "the game is over");
    if (now_ms >= ricochet_deadline(g))
        return game_fail(err, "illegal", "%s", too_late(g));
    if (bid)
        return act_bid(g, seat, action, now_ms, events, err);
    if (timer)
        return act_start_timer(g, seat, now_ms, events, err);
    if (move)
        return act_move(g, seat, action, now_ms, events, err);
    return act_give_up(g, seat, now_ms, events, err);
}

/* ---- the engine's other faces ---- */

static json_t *ricochet_view(const game *g, int seat)
{
    return ricochet_view_json(g, seat);
}

static bool ricochet_over(const game *g)
{
    return g->phase == RICOCHET_PHASE_OVER;
}

static json_t *ricochet_result(const game *g)
{
    return ricochet_result_json(g);
}

static json_t *bot_entry(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                         int64_t *wake_ms, const volatile int *cancel)
{
    if (seat < 0 || seat >= g->seats || level < 0 || level > 2)
        return NULL;
    return ricochet_bot(g, seat, level, now_ms, salt, wake_ms, cancel);
}

/* ---- the public record ---- */

int ricochet_seats(const game *g) { return g->seats; }
ricochet_phase ricochet_phase_of(const game *g) { return g->phase; }
int ricochet_round_no(const game *g) { return g->round; }
const ricochet_board *ricochet_board_of(const game *g) { return &g->board; }
const ricochet_round *ricochet_round_of(const game *g) { return &g->play; }
int64_t ricochet_revealed_at(const game *g) { return g->revealed_at; }
int64_t ricochet_start_timer_at(const game *g) { return g->revealed_at + g->idle_min_ms; }
int ricochet_bid_of(const game *g, int seat) { return g->bids[seat].moves; }
bool ricochet_any_bid(const game *g) { return g->nbids_made > 0; }
int64_t ricochet_demo_started_at(const game *g) { return g->demo_started; }
int64_t ricochet_last_move_at(const game *g) { return g->last_move_at; }
int ricochet_chips_of(const game *g, int seat) { return g->nwon[seat]; }
const ricochet_optimum *ricochet_optimum_of(const game *g) { return &g->optimum; }
int ricochet_think_pct(const game *g) { return g->think_pct; }

int64_t ricochet_timer_end(const game *g)
{
    return g->phase == RICOCHET_PHASE_BIDDING ? g->timer_end : GAME_NO_DEADLINE;
}

int ricochet_demonstrator(const game *g)
{
    return g->phase == RICOCHET_PHASE_DEMO ? g->order[g->demo_index] : -1;
}

int ricochet_demo_moves(const game *g, ricochet_move *out, int max)
{
    int n = g->phase == RICOCHET_PHASE_DEMO ? g->nsteps : 0;
    for (int i = 0; i < n && i < max; i++)
        out[i] = (ricochet_move){(uint8_t)g->steps[i].robot, (uint8_t)g->steps[i].dir};
    return n;
}

int ricochet_set_round(game *g, const uint8_t *cells, int chip, int64_t at)
{
    if (g->phase != RICOCHET_PHASE_BIDDING || g->nbids_made || g->timer_end != GAME_NO_DEADLINE ||
        chip < 0 || chip >= RICOCHET_CHIPS)
        return -1;
    ricochet_position p = {0};
    for (int i = 0; i < g->robots.nrobots; i++) {
        if (ricochet_is_block(&g->board, cells[i]) || ricochet_robot_at(&p, cells[i]) >= 0)
            return -1;
        p.cell[p.nrobots++] = cells[i];
    }
    if (chip != g->chip) {
        int at_pile = -1;
        for (int i = 0; i < g->npile; i++)
            at_pile = g->pile[i] == chip ? i : at_pile;
        if (at_pile < 0)
            return -1;
        g->pile[at_pile] = (uint8_t)g->chip;
    }
    g->pile[g->npile++] = (uint8_t)chip;
    g->robots = p;
    g->round--;
    reveal(g, at, NULL);
    return 0;
}

const char *const ricochet_bot_levels[] = {"easy", "normal", "hard", NULL};

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
    .bot = bot_entry,
    .clone = ricochet_clone,
    .work_request = ricochet_work_request,
    .work_run = ricochet_work_run,
};
