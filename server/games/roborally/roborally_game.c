/*
 * roborally_game.c: the RoboRally game: options, turns, hands, programs,
 * timers, the resolution of the five registers, clean-up choices, the end.
 *
 * A turn (RULINGS §5):
 *  1. Deal. Robots that announced a power-down are powered down (damage
 *     discarded, no cards). The deck (84 cards less those locked in
 *     registers) is shuffled from the secret stream and each robot on the
 *     floor gets 9 minus its damage; a locked register with no card gets the
 *     top card.
 *  2. Programming (phase "program"): each such seat writes its five
 *     registers (drafts may be sent and changed; a complete program is
 *     locked in with submit). The turn_s deadline runs from the deal; once
 *     one seat is left, it gets program_s more (never past turn_s). At the
 *     deadline empty registers are filled at random from the hand, from a
 *     secret stream kept in the game so that a replay fills them alike.
 *  3. The five register phases (rr_phase_run); the race ends after the
 *     phase in which a robot touches the last flag, or in which the last
 *     robot with lives loses its last one.
 *  4. Clean-up (rr_cleanup), then the choices (phase "choose", program_s
 *     long, skipped when nobody has one): destroyed robots with lives left
 *     re-enter facing their owner's choice (default: the facing they had),
 *     optionally powered down; a powered-down robot that took damage may
 *     stay down. Then the next turn.
 *
 * RoboBall (mode "roboball", roborally_ball.h) changes this: robots start on their
 * team's home; after the deal, if every seat holds a vote that the ball is
 * inaccessible, the ball draws five cards from the deck and runs them this
 * turn (extraction); programs carry hitch declarations; the game ends after
 * the phase in which the ball ends on a home (that team wins), or as a draw
 * after max_turns; nobody runs out of lives.
 *
 * Decisions the rulings leave to the engine are listed in
 * protocol/PROTOCOL.md (RoboRally, "Decided by the engine").
 */
#include "roborally_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "roborally_ball.h"

static const char *const mode_names[] = {"race", "roboball", NULL};
static const char *const mode_labels[] = {"Race", "RoboBall (teams)", NULL};

const game_option rr_game_options[] = {
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
     "0: every player a team of one; 2 to 4: that many teams of equal size, seat i on team i "
     "mod teams. Ignored in the race.",
     0, 0, 4, NULL, NULL},
    {"max_turns", GAME_OPTION_INT, "Turn limit (RoboBall)",
     "After this many turns with no goal the game is a draw. Ignored in the race.", 30, 1, 200,
     NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

/* ---- create ---- */

static void start_turn(game *g, int64_t now, json_t *events);

static void shuffle_cards(rng *r, int16_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)i + 1);
        int16_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* RoboBall's team of `seat` under the option `teams`: 2..4 puts seat i on
 * team i % teams; 0 makes every seat a team of one. */
static int team_of(int teams, int seat)
{
    return teams ? seat % teams : seat;
}

int rr_game_seat_team(const json_t *options, int seat)
{
    const char *mode = json_string_value(json_object_get(options, "mode"));
    int teams = (int)json_integer_value(json_object_get(options, "teams"));
    if (!mode || strcmp(mode, "roboball") != 0 || teams < RR_MIN_TEAMS)
        return -1;
    return team_of(teams, seat);
}

/* RoboBall's teams (team_of), which need equal team sizes. Returns the
 * number of teams, or -1. */
static int roboball_teams(const json_t *options, int seats, int8_t team[RR_MAX_ROBOTS],
                          game_error *err)
{
    int teams = (int)json_integer_value(json_object_get(options, "teams"));
    if (teams == 1 || teams < 0 || teams > 4) {
        game_fail(err, "bad_options", "teams: 0 (every player a team of one) or 2 to 4");
        return -1;
    }
    if (teams && seats % teams != 0) {
        game_fail(err, "bad_options", "%d seats do not make %d teams of equal size", seats, teams);
        return -1;
    }
    for (int i = 0; i < seats; i++)
        team[i] = (int8_t)team_of(teams, i);
    return teams ? teams : seats;
}

game *rr_game_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    const char *mode = json_string_value(json_object_get(options, "mode"));
    const rr_course *c = rr_course_find(json_string_value(json_object_get(options, "course")));
    bool roboball = mode && strcmp(mode, "roboball") == 0;
    if (!mode || (strcmp(mode, "race") != 0 && !roboball) || !c) {
        game_fail(err, "bad_options", "the mode is race or roboball and the course one of the five listed");
        return NULL;
    }
    if (roboball && !c->roboball) {
        game_fail(err, "bad_options", "%s has no RoboBall homes", c->name);
        return NULL;
    }
    int8_t team[RR_MAX_ROBOTS] = {0};
    int nteams = 0;
    if (roboball && seats >= 2 && seats <= RR_MAX_ROBOTS &&
        (nteams = roboball_teams(options, seats, team, err)) < 0)
        return NULL;
    if (seats < 2 || seats > RR_MAX_ROBOTS || seats > c->ndocks) {
        game_fail(err, "bad_options", "RoboRally on %s needs 2 to %d robots, not %d", c->name,
                  c->ndocks < RR_MAX_ROBOTS ? c->ndocks : RR_MAX_ROBOTS, seats);
        return NULL;
    }
    game *g = calloc(1, sizeof *g);
    if (!g) {
        game_fail(err, "bad_options", "out of memory");
        return NULL;
    }
    g->course = c;
    g->seats = seats;
    g->options_on = json_is_true(json_object_get(options, "options"));
    g->program_ms = json_integer_value(json_object_get(options, "program_s")) * 1000;
    g->turn_ms = json_integer_value(json_object_get(options, "turn_s")) * 1000;
    /* Every hidden order comes from the secret stream, each use its own. */
    rng_seed(&g->deal, rng_mix(seeds.secret ^ 0x6465616cULL));
    rng_seed(&g->fill, rng_mix(seeds.secret ^ 0x66696c6cULL));
    rng options_rng;
    rng_seed(&options_rng, rng_mix(seeds.secret ^ 0x6f707473ULL));
    int order[RR_OPTIONS];
    for (int i = 0; i < RR_OPTIONS; i++)
        order[i] = i;
    rng_shuffle_ints(&options_rng, order, RR_OPTIONS);
    int8_t option_deck[RR_OPTIONS];
    for (int i = 0; i < RR_OPTIONS; i++)
        option_deck[i] = (int8_t)order[i];
    rr_state_init(&g->st, c, seats, g->options_on, option_deck);
    if (roboball) {
        g->roboball = true;
        g->max_turns = (int)json_integer_value(json_object_get(options, "max_turns"));
        if (g->max_turns < 1)
            g->max_turns = 30;
        rr_ball_setup(&g->st, nteams, team);
    }
    start_turn(g, 0, NULL);
    return g;
}

void rr_game_destroy(game *g)
{
    free(g);
}

game *rr_game_clone(const game *g)
{
    game *c = malloc(sizeof *c);
    if (c)
        memcpy(c, g, sizeof *c);
    return c;
}

/* ---- the end ---- */

json_t *rr_seat_list(uint8_t mask)
{
    json_t *a = json_array();
    for (int s = 0; s < RR_MAX_ROBOTS; s++) {
        if (mask & (1u << s))
            json_array_append_new(a, json_integer(s));
    }
    return a;
}

static const char *const end_names[] = {"none", "finish", "out_of_lives", "goal", "turn_limit"};

const char *rr_game_reason(const game *g)
{
    return end_names[g->end];
}

/* "Seat 2, Seat 3 and Seat 5" */
static void seat_names(uint8_t mask, char *buf, size_t len)
{
    buf[0] = 0;
    int n = 0, total = __builtin_popcount(mask);
    for (int s = 0; s < RR_MAX_ROBOTS; s++) {
        if (!(mask & (1u << s)))
            continue;
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%sSeat %d", n == 0 ? "" : n == total - 1 ? " and " : ", ",
                 s + 1);
        n++;
    }
}

void rr_game_summary(const game *g, char *buf, size_t len)
{
    char names[96];
    seat_names(g->winners, names, sizeof names);
    bool shared = __builtin_popcount(g->winners) > 1;
    if (g->end == RR_END_GOAL)
        snprintf(buf, len, "Team %d (%s) %s the ball home on turn %d", g->st.rb.goal + 1, names,
                 shared ? "bring" : "brings", g->st.turn);
    else if (g->end == RR_END_TURN_LIMIT)
        snprintf(buf, len, "No goal in %d turns: a draw", g->max_turns);
    else if (g->roboball)
        snprintf(buf, len, "The game goes on");
    else if (g->end == RR_END_FINISH)
        snprintf(buf, len, "%s %s the last flag (flag %d) on turn %d", names,
                 shared ? "touch" : "touches", g->course->nflags, g->st.turn);
    else if (g->end == RR_END_OUT_OF_LIVES)
        snprintf(buf, len, "Every robot is out of lives; %s %s with the most flags", names,
                 shared ? "win" : "wins");
    else
        snprintf(buf, len, "The race goes on");
}

static void finish(game *g, uint8_t winners, rr_end why, json_t *events)
{
    g->phase = RR_PHASE_OVER;
    g->winners = winners;
    g->end = why;
    if (!events)
        return;
    char summary[200];
    rr_game_summary(g, summary, sizeof summary);
    json_array_append_new(events, json_pack("{s:s, s:o, s:s, s:s}", "kind", "over", "winners",
                                            rr_seat_list(g->winners), "reason", rr_game_reason(g),
                                            "summary", summary));
}

uint8_t rr_game_team_seats(const game *g, int team)
{
    uint8_t mask = 0;
    for (int s = 0; g->roboball && s < g->seats; s++) {
        if (g->st.rb.team[s] == team)
            mask |= (uint8_t)(1u << s);
    }
    return mask;
}

/* Every robot out of lives: the most flags touched wins (equal: shared). */
static uint8_t most_flags(const game *g)
{
    int best = -1;
    uint8_t mask = 0;
    for (int s = 0; s < g->seats; s++) {
        int f = g->st.robot[s].flags;
        if (f > best)
            best = f, mask = 0;
        if (f == best)
            mask |= (uint8_t)(1u << s);
    }
    return mask;
}

/* ---- dealing ---- */

static bool card_in_registers(const game *g, int card)
{
    for (int s = 0; s < g->seats; s++) {
        for (int r = 0; r < RR_REGISTERS; r++) {
            if (g->st.robot[s].reg[r] == card)
                return true;
        }
    }
    return false;
}

/* The deck is every card not locked in a register, shuffled. */
static void shuffle_deck(game *g)
{
    int16_t all[RR_DECK];
    rr_deck_all(all);
    g->ndeck = 0;
    for (int i = 0; i < RR_DECK; i++) {
        if (!card_in_registers(g, all[i]))
            g->deck[g->ndeck++] = all[i];
    }
    shuffle_cards(&g->deal, g->deck, g->ndeck);
}

static int16_t draw_card(game *g)
{
    int16_t c = g->deck[0];
    memmove(g->deck, g->deck + 1, (size_t)--g->ndeck * sizeof g->deck[0]);
    return c;
}

static void deal(game *g)
{
    shuffle_deck(g);
    for (int s = 0; s < g->seats; s++) {
        rr_seat *seat = &g->seat[s];
        rr_robot *r = &g->st.robot[s];
        seat->nhand = 0;
        if (!seat->must_program)
            continue;
        for (int k = 0; k < RR_HAND_MAX - r->damage; k++)
            seat->hand[seat->nhand++] = draw_card(g);
        for (int k = 0; k < RR_REGISTERS; k++) {
            if (rr_register_locked(r->damage, k) && !r->reg[k])
                r->reg[k] = draw_card(g);
        }
    }
}

/* ---- the programming deadline ---- */

static int pending_programs(const game *g)
{
    int n = 0;
    for (int s = 0; s < g->seats; s++)
        n += g->seat[s].must_program && !g->seat[s].submitted;
    return n;
}

static void resolve(game *g, int64_t now, json_t *events);

/* Once one seat is left to program, it gets program_s (never past turn_s);
 * once none is, the registers run. */
static void programs_changed(game *g, int64_t now, json_t *events)
{
    int pending = pending_programs(g);
    if (pending == 0) {
        resolve(g, now, events);
        return;
    }
    if (pending == 1 && g->last == GAME_NO_DEADLINE) {
        g->last = now + g->program_ms;
        if (events)
            json_array_append_new(events, json_pack("{s:s, s:i, s:I}", "kind", "timer", "turn",
                                                    g->st.turn, "deadline", (json_int_t)rr_game_deadline(g)));
    }
}

/* RoboBall: when every seat holds a vote at the start of a turn, the ball
 * gets five cards from the top of the undealt deck and runs them this turn;
 * the votes are spent. Otherwise no extraction this turn. */
static void start_extraction(game *g, json_t *events)
{
    rr_roboball *rb = &g->st.rb;
    rb->extraction = false;
    rb->shown = 0;
    memset(rb->cards, 0, sizeof rb->cards);
    uint8_t all = (uint8_t)((1u << g->seats) - 1);
    if (g->votes != all)
        return;
    g->votes = 0;
    rb->extraction = true;
    int n = 0;
    for (; n < RR_REGISTERS && g->ndeck > 0; n++)
        rb->cards[n] = draw_card(g);
    if (events)
        json_array_append_new(events, json_pack("{s:s, s:i, s:s, s:i}", "kind", "extraction", "turn",
                                                g->st.turn, "facing",
                                                rr_dir_names[g->st.floor.piece[RR_BALL].facing],
                                                "cards", n));
}

static void start_turn(game *g, int64_t now, json_t *events)
{
    g->st.turn++;
    g->st.running = 0;
    uint8_t down = 0;
    for (int s = 0; s < g->seats; s++) {
        rr_robot *r = &g->st.robot[s];
        rr_seat *seat = &g->seat[s];
        int16_t last[RR_REGISTERS];
        memcpy(last, seat->last_cards, sizeof last);
        memset(seat, 0, sizeof *seat);
        memcpy(seat->last_cards, last, sizeof last);
        seat->facing = -1;
        r->powered_down = r->power_next && rr_robot_here(&g->st, s);
        r->power_next = false;
        r->beam_mode = RR_BEAM_DAMAGE;
        if (r->powered_down) {
            /* A powered-down robot discards all damage, so nothing stays locked. */
            r->damage = 0;
            memset(r->reg, 0, sizeof r->reg);
            memset(r->hitch, 0, sizeof r->hitch);
            r->shown = 0;
            down |= (uint8_t)(1u << s);
        }
        seat->must_program = rr_robot_here(&g->st, s) && !r->powered_down;
    }
    deal(g);
    g->phase = RR_PHASE_PROGRAM;
    if (g->roboball)
        start_extraction(g, events);
    g->cap = now + g->turn_ms;
    g->last = GAME_NO_DEADLINE;
    if (events) {
        json_t *hands = json_array();
        for (int s = 0; s < g->seats; s++)
            json_array_append_new(hands, json_integer(g->seat[s].nhand));
        json_array_append_new(events, json_pack("{s:s, s:i, s:I, s:o, s:o}", "kind", "turn", "turn",
                                                g->st.turn, "deadline", (json_int_t)g->cap, "hands",
                                                hands, "powered_down", rr_seat_list(down)));
    }
    programs_changed(g, now, events);
}

/* ---- resolution ---- */

/* Fills the empty registers of a seat that missed the deadline with cards
 * of its hand drawn at random. */
static void fill_program(game *g, int s, json_t *events)
{
    rr_seat *seat = &g->seat[s];
    const rr_robot *r = &g->st.robot[s];
    int16_t unused[RR_HAND_MAX];
    int n = 0;
    for (int k = 0; k < seat->nhand; k++) {
        bool used = false;
        for (int i = 0; i < RR_REGISTERS; i++)
            used |= seat->draft[i] == seat->hand[k];
        if (!used)
            unused[n++] = seat->hand[k];
    }
    json_t *filled = json_array();
    for (int i = 0; i < RR_REGISTERS; i++) {
        if (rr_register_locked(r->damage, i) || seat->draft[i] || n == 0)
            continue;
        int k = (int)rng_below(&g->fill, (uint32_t)n);
        seat->draft[i] = unused[k];
        unused[k] = unused[--n];
        json_array_append_new(filled, json_integer(i + 1));
    }
    seat->filled = true;
    if (events)
        json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:o}", "kind", "filled", "seat", s,
                                                "turn", g->st.turn, "registers", filled));
    else
        json_decref(filled);
}

/* The programs go into the registers; announcements become public. */
static void install_programs(game *g, json_t *events)
{
    uint8_t announced = 0;
    for (int s = 0; s < g->seats; s++) {
        rr_seat *seat = &g->seat[s];
        rr_robot *r = &g->st.robot[s];
        memset(seat->last_cards, 0, sizeof seat->last_cards);
        if (!seat->must_program)
            continue;
        if (!seat->submitted)
            fill_program(g, s, events);
        for (int i = 0; i < RR_REGISTERS; i++) {
            if (!rr_register_locked(r->damage, i)) {
                r->reg[i] = seat->draft[i];
                r->hitch[i] = seat->hitches[i];
            }
        }
        r->beam_mode = seat->beam;
        r->power_next = seat->announce;
        announced |= (uint8_t)(seat->announce << s);
    }
    if (events)
        json_array_append_new(events, json_pack("{s:s, s:i, s:o}", "kind", "programs", "turn",
                                                g->st.turn, "power_down", rr_seat_list(announced)));
}

static void end_choices(game *g, int64_t now, json_t *events);

/* Who has a clean-up choice to make; opens the phase, or goes on. */
static void open_choices(game *g, int64_t now, json_t *events)
{
    uint8_t asked = 0;
    for (int s = 0; s < g->seats; s++) {
        const rr_robot *r = &g->st.robot[s];
        rr_seat *seat = &g->seat[s];
        seat->choice = RR_NEED_NOTHING;
        if (r->destroyed && !r->out)
            seat->choice = RR_NEED_REENTER;
        else if (rr_robot_here(&g->st, s) && r->powered_down && r->damage > 0 && !r->power_next)
            seat->choice = RR_NEED_STAY;
        if (seat->choice != RR_NEED_NOTHING)
            asked |= (uint8_t)(1u << s);
    }
    if (!asked) {
        end_choices(g, now, events);
        return;
    }
    g->phase = RR_PHASE_CHOOSE;
    g->choose_end = now + g->program_ms;
    if (events)
        json_array_append_new(events, json_pack("{s:s, s:i, s:o, s:I}", "kind", "choose", "turn",
                                                g->st.turn, "seats", rr_seat_list(asked), "deadline",
                                                (json_int_t)g->choose_end));
}

static void end_choices(game *g, int64_t now, json_t *events)
{
    rr_trace trace, *t = NULL;
    if (events) {
        rr_trace_init(&trace, &g->st.floor, events);
        t = &trace;
    }
    int facing[RR_MAX_ROBOTS];
    for (int s = 0; s < g->seats; s++) {
        rr_seat *seat = &g->seat[s];
        rr_robot *r = &g->st.robot[s];
        facing[s] = seat->facing >= 0 ? seat->facing : r->lost_facing;
        if (seat->choice != RR_NEED_NOTHING && seat->choice_down)
            r->power_next = true;
    }
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i}", "kind", "reentry", "turn", g->st.turn));
    rr_reenter(&g->st, facing, t);
    for (int s = 0; s < g->seats; s++) {
        if (g->seat[s].choice != RR_NEED_NOTHING && g->st.robot[s].power_next)
            rr_trace_action(t, "power_down", s, NULL);
    }
    rr_trace_close(t, false);
    start_turn(g, now, events);
}

static void resolve(game *g, int64_t now, json_t *events)
{
    rr_trace trace, *t = NULL;
    if (events) {
        rr_trace_init(&trace, &g->st.floor, events);
        t = &trace;
    }
    install_programs(g, events);
    int ball_was = g->st.floor.piece[RR_BALL].cell;
    for (int reg = 0; reg < RR_REGISTERS; reg++) {
        rr_phase_run(&g->st, reg, t);
        for (int s = 0; s < g->seats; s++) {
            const rr_robot *r = &g->st.robot[s];
            if (r->shown & (1u << reg))
                g->seat[s].last_cards[reg] = r->reg[reg];
        }
        if (g->st.finished) {
            finish(g, g->st.finished, RR_END_FINISH, events);
            return;
        }
        if (g->roboball && g->st.rb.goal >= 0) {
            finish(g, rr_game_team_seats(g, g->st.rb.goal), RR_END_GOAL, events);
            return;
        }
        if (rr_all_out(&g->st)) {
            finish(g, most_flags(g), RR_END_OUT_OF_LIVES, events);
            return;
        }
    }
    rr_cleanup(&g->st, t);
    if (g->roboball) {
        bool still = g->st.floor.piece[RR_BALL].cell == ball_was;
        g->st.rb.still = (int8_t)(still ? (g->st.rb.still < 100 ? g->st.rb.still + 1 : 100) : 0);
    }
    if (g->roboball && g->st.turn >= g->max_turns) {
        finish(g, 0, RR_END_TURN_LIMIT, events);
        return;
    }
    open_choices(g, now, events);
}

/* ---- actions ---- */

static int turn_matches(const game *g, const json_t *action, game_error *err)
{
    json_t *turn = json_object_get(action, "turn");
    if (!turn)
        return 0;
    if (!json_is_integer(turn))
        return game_fail(err, "bad_action", "turn: a whole number");
    if (json_integer_value(turn) != g->st.turn)
        return game_fail(err, "illegal", "that was meant for turn %d; this is turn %d",
                         (int)json_integer_value(turn), g->st.turn);
    return 0;
}

static bool in_hand(const rr_seat *seat, int card)
{
    for (int k = 0; k < seat->nhand; k++) {
        if (seat->hand[k] == card)
            return true;
    }
    return false;
}

static const char *card_name(int card)
{
    int kind = rr_card_kind_of(card);
    return kind < 0 ? "no card" : rr_card_infos[kind].name;
}

/* Reads "registers" into draft: five entries, each a card of the hand (used
 * once) or null; a locked register takes null or its own card. */
static int read_registers(const game *g, int s, const json_t *list, int16_t draft[RR_REGISTERS],
                          int *empty, game_error *err)
{
    const rr_seat *seat = &g->seat[s];
    const rr_robot *r = &g->st.robot[s];
    if (!json_is_array(list) || json_array_size(list) != RR_REGISTERS)
        return game_fail(err, "bad_action", "registers: a list of five cards (priorities) or nulls");
    *empty = 0;
    for (int i = 0; i < RR_REGISTERS; i++) {
        json_t *v = json_array_get(list, (size_t)i);
        if (!json_is_null(v) && !json_is_integer(v))
            return game_fail(err, "bad_action", "register %d: a card's priority or null", i + 1);
        int card = json_is_null(v) ? 0 : (int)json_integer_value(v);
        if (json_is_integer(v) && (json_integer_value(v) <= 0 || json_integer_value(v) > 10000))
            return game_fail(err, "illegal", "register %d: there is no card %lld", i + 1,
                             (long long)json_integer_value(v));
        draft[i] = 0;
        if (rr_register_locked(r->damage, i)) {
            if (card && card != r->reg[i])
                return game_fail(err, "illegal",
                                 "register %d is locked with its card (%s); it cannot take %d", i + 1,
                                 card_name(r->reg[i]), card);
            continue;
        }
        if (!card) {
            (*empty)++;
            continue;
        }
        if (!in_hand(seat, card))
            return game_fail(err, "illegal", "card %d is not in your hand", card);
        for (int k = 0; k < i; k++) {
            if (draft[k] == card)
                return game_fail(err, "illegal", "card %d is in two registers", card);
        }
        draft[i] = (int16_t)card;
    }
    return 0;
}

/* "beam": the main laser's beam this turn (default "damage"); a beam that
 * needs an option card needs the robot to hold it. */
static int read_beam(const game *g, int s, const json_t *action, uint8_t *beam, game_error *err)
{
    json_t *v = json_object_get(action, "beam");
    *beam = RR_BEAM_DAMAGE;
    if (!v || json_is_null(v))
        return 0;
    int b = rr_beam_parse(json_string_value(v));
    if (b < 0)
        return game_fail(err, "bad_action", "beam: \"damage\", \"tractor\" or \"pressor\"");
    int opt = rr_beam_infos[b].option;
    if (opt >= 0 && !rr_has_option(&g->st.robot[s], opt))
        return game_fail(err, "illegal", "your robot has no %s", rr_option_infos[opt].name);
    *beam = (uint8_t)b;
    return 0;
}

/* RoboBall's "hitches": five of "hitch", "unhitch" or null (absent: five
 * nulls); a locked register keeps its declaration, whatever is sent. */
static int read_hitches(const game *g, int s, const json_t *action, int8_t out[RR_REGISTERS],
                        game_error *err)
{
    const rr_robot *r = &g->st.robot[s];
    json_t *list = json_object_get(action, "hitches");
    memset(out, 0, RR_REGISTERS);
    if (!list || json_is_null(list))
        return 0;
    if (!g->roboball)
        return game_fail(err, "illegal", "hitches are a roboball declaration");
    if (!json_is_array(list) || json_array_size(list) != RR_REGISTERS)
        return game_fail(err, "bad_action", "hitches: a list of five \"hitch\", \"unhitch\" or null");
    for (int i = 0; i < RR_REGISTERS; i++) {
        json_t *v = json_array_get(list, (size_t)i);
        const char *name = json_string_value(v);
        int h = json_is_null(v) ? RR_HITCH_NONE
                : name && strcmp(name, "hitch") == 0 ? RR_HITCH_ON
                : name && strcmp(name, "unhitch") == 0 ? RR_HITCH_OFF : -1;
        if (h < 0)
            return game_fail(err, "bad_action", "hitches %d: \"hitch\", \"unhitch\" or null", i + 1);
        out[i] = (int8_t)(rr_register_locked(r->damage, i) ? r->hitch[i] : h);
    }
    return 0;
}

static int read_flag(const json_t *action, const char *key, bool def, bool *out, game_error *err)
{
    json_t *v = json_object_get(action, key);
    if (!v) {
        *out = def;
        return 0;
    }
    if (!json_is_boolean(v))
        return game_fail(err, "bad_action", "%s: true or false", key);
    *out = json_is_true(v);
    return 0;
}

static int act_program(game *g, int s, const json_t *action, int64_t now, json_t *events,
                       game_error *err)
{
    rr_seat *seat = &g->seat[s];
    if (g->phase != RR_PHASE_PROGRAM)
        return game_fail(err, "not_your_turn", "programs are written at the start of a turn");
    if (!seat->must_program)
        return game_fail(err, "not_your_turn", "your robot has no program to run this turn (%s)",
                         g->st.robot[s].out ? "out of lives"
                         : g->st.robot[s].powered_down ? "powered down" : "destroyed");
    if (now >= rr_game_deadline(g))
        return game_fail(err, "illegal", "too late: programming for turn %d has closed", g->st.turn);
    if (seat->submitted)
        return game_fail(err, "illegal", "your program for turn %d is locked in", g->st.turn);
    int16_t draft[RR_REGISTERS];
    int8_t hitches[RR_REGISTERS];
    int empty = 0;
    uint8_t beam = RR_BEAM_DAMAGE;
    bool submit = true, down = false;
    if (turn_matches(g, action, err) < 0 ||
        read_registers(g, s, json_object_get(action, "registers"), draft, &empty, err) < 0 ||
        read_hitches(g, s, action, hitches, err) < 0 ||
        read_beam(g, s, action, &beam, err) < 0 || read_flag(action, "submit", true, &submit, err) < 0 ||
        read_flag(action, "power_down", false, &down, err) < 0)
        return -1;
    if (submit && empty)
        return game_fail(err, "illegal", "fill every register before locking the program in (%d empty)",
                         empty);
    if (down && g->st.robot[s].damage == 0)
        return game_fail(err, "illegal", "only a damaged robot may announce a power-down");
    memcpy(seat->draft, draft, sizeof draft);
    memcpy(seat->hitches, hitches, sizeof hitches);
    seat->beam = beam;
    seat->announce = down;
    if (!submit) {
        /* Public: that a draft came in, never what it holds. */
        json_array_append_new(events, json_pack("{s:s, s:i, s:i}", "kind", "drafted", "seat", s, "turn",
                                                g->st.turn));
        return 0;
    }
    seat->submitted = true;
    json_array_append_new(events, json_pack("{s:s, s:i, s:i}", "kind", "programmed", "seat", s,
                                            "turn", g->st.turn));
    programs_changed(g, now, events);
    return 0;
}

static int open_choice(const game *g, int s, rr_need need, int64_t now, game_error *err)
{
    const rr_seat *seat = &g->seat[s];
    if (g->phase != RR_PHASE_CHOOSE || seat->choice != need)
        return game_fail(err, "not_your_turn", need == RR_NEED_REENTER
                                                   ? "your robot is not waiting to re-enter"
                                                   : "your robot is not powered down with damage");
    if (now >= g->choose_end)
        return game_fail(err, "illegal", "too late: the clean-up choices have closed");
    if (seat->chosen)
        return game_fail(err, "illegal", "you have chosen already");
    return 0;
}

static void choice_made(game *g, int s, int64_t now, json_t *events)
{
    g->seat[s].chosen = true;
    json_array_append_new(events, json_pack("{s:s, s:i, s:i}", "kind", "chosen", "seat", s, "turn",
                                            g->st.turn));
    for (int k = 0; k < g->seats; k++) {
        if (g->seat[k].choice != RR_NEED_NOTHING && !g->seat[k].chosen)
            return;
    }
    end_choices(g, now, events);
}

static int act_reenter(game *g, int s, const json_t *action, int64_t now, json_t *events,
                       game_error *err)
{
    bool down = false;
    if (open_choice(g, s, RR_NEED_REENTER, now, err) < 0 || turn_matches(g, action, err) < 0)
        return -1;
    int facing = rr_dir_parse(json_string_value(json_object_get(action, "facing")));
    if (facing < 0)
        return game_fail(err, "bad_action", "facing: \"N\", \"E\", \"S\" or \"W\"");
    if (read_flag(action, "power_down", false, &down, err) < 0)
        return -1;
    g->seat[s].facing = (int8_t)facing;
    g->seat[s].choice_down = down;
    choice_made(g, s, now, events);
    return 0;
}

static int act_stay(game *g, int s, const json_t *action, int64_t now, json_t *events,
                    game_error *err)
{
    if (open_choice(g, s, RR_NEED_STAY, now, err) < 0 || turn_matches(g, action, err) < 0)
        return -1;
    json_t *v = json_object_get(action, "stay");
    if (!json_is_boolean(v))
        return game_fail(err, "bad_action", "stay: true or false");
    g->seat[s].choice_down = json_is_true(v);
    choice_made(g, s, now, events);
    return 0;
}

/* RoboBall: a vote that the ball is inaccessible, or its withdrawal. */
static int act_extract(game *g, int s, const json_t *action, json_t *events, game_error *err)
{
    if (!g->roboball)
        return game_fail(err, "illegal", "not in roboball mode");
    if (g->phase != RR_PHASE_PROGRAM)
        return game_fail(err, "not_your_turn", "votes are cast while the robots are programmed");
    if (turn_matches(g, action, err) < 0)
        return -1;
    json_t *v = json_object_get(action, "vote");
    if (!json_is_boolean(v))
        return game_fail(err, "bad_action", "vote: true or false");
    bool vote = json_is_true(v), held = g->votes & (1u << s);
    if (vote && held)
        return game_fail(err, "illegal", "you have voted already");
    if (!vote && !held)
        return game_fail(err, "illegal", "you have no vote to take back");
    g->votes ^= (uint8_t)(1u << s);
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:b}", "kind", "voted", "seat", s, "turn",
                                            g->st.turn, "vote", vote));
    return 0;
}

int rr_game_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                         game_error *err)
{
    if (!json_is_object(action))
        return game_fail(err, "bad_action", "an action is a JSON object with a kind");
    const char *kind = json_string_value(json_object_get(action, "kind"));
    if (!kind)
        return game_fail(err, "bad_action", "kind: \"program\", \"reenter\", \"stay_down\" or \"extract\"");
    if (g->phase == RR_PHASE_OVER)
        return game_fail(err, "not_your_turn", "the game is over");
    if (seat < 0 || seat >= g->seats)
        return game_fail(err, "not_your_turn", "only the robots' players act");
    if (strcmp(kind, "program") == 0)
        return act_program(g, seat, action, now_ms, events, err);
    if (strcmp(kind, "reenter") == 0)
        return act_reenter(g, seat, action, now_ms, events, err);
    if (strcmp(kind, "stay_down") == 0)
        return act_stay(g, seat, action, now_ms, events, err);
    if (strcmp(kind, "extract") == 0)
        return act_extract(g, seat, action, events, err);
    return game_fail(err, "bad_action", "kind: \"program\", \"reenter\", \"stay_down\" or \"extract\"");
}

void rr_game_tick(game *g, int64_t now_ms, json_t *events)
{
    if (g->phase == RR_PHASE_OVER || now_ms < rr_game_deadline(g))
        return;
    if (g->phase == RR_PHASE_PROGRAM)
        resolve(g, now_ms, events);
    else
        end_choices(g, now_ms, events);
}

int64_t rr_game_deadline(const game *g)
{
    switch (g->phase) {
    case RR_PHASE_PROGRAM: return g->last < g->cap ? g->last : g->cap;
    case RR_PHASE_CHOOSE: return g->choose_end;
    default: return GAME_NO_DEADLINE;
    }
}

bool rr_game_over(const game *g)
{
    return g->phase == RR_PHASE_OVER;
}

/* ---- what bots, tests and tools see ---- */

int rr_game_seats(const game *g) { return g->seats; }
rr_phase rr_game_phase(const game *g) { return g->phase; }
int rr_game_turn(const game *g) { return g->st.turn; }
const rr_course *rr_game_course(const game *g) { return g->course; }
const rr_state *rr_game_state(const game *g) { return &g->st; }
unsigned rr_game_winners(const game *g) { return g->winners; }
unsigned rr_game_votes(const game *g) { return g->votes; }

rr_need rr_game_needs(const game *g, int seat)
{
    if (seat < 0 || seat >= g->seats)
        return RR_NEED_NOTHING;
    const rr_seat *s = &g->seat[seat];
    if (g->phase == RR_PHASE_PROGRAM && s->must_program && !s->submitted)
        return RR_NEED_PROGRAM;
    if (g->phase == RR_PHASE_CHOOSE && !s->chosen)
        return s->choice;
    return RR_NEED_NOTHING;
}

int rr_game_hand(const game *g, int seat, int16_t out[RR_HAND_MAX])
{
    const rr_seat *s = &g->seat[seat];
    memcpy(out, s->hand, (size_t)s->nhand * sizeof out[0]);
    return s->nhand;
}

int rr_game_draft(const game *g, int seat, int16_t out[RR_REGISTERS])
{
    int n = 0;
    for (int r = 0; r < RR_REGISTERS; r++)
        n += (out[r] = g->seat[seat].draft[r]) != 0;
    return n;
}

rr_state *rr_game_state_for_tests(game *g)
{
    return &g->st;
}

int rr_game_set_hand_for_tests(game *g, int seat, const int16_t *cards, int n)
{
    if (seat < 0 || seat >= g->seats || n < 0 || n > RR_HAND_MAX)
        return -1;
    memcpy(g->seat[seat].hand, cards, (size_t)n * sizeof cards[0]);
    g->seat[seat].nhand = (int8_t)n;
    return 0;
}
