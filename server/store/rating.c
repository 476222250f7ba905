/* rating.c: places from a result, Glicko-2 over the pairs, and the rows
 * that keep them. */
#include "store/rating.h"

#include <math.h>
#include <string.h>

#include "util/log.h"

/* --- bots --- */

/* The bots' fixed ratings, the same in every game until a game's bots are
 * measured against people (a row per game may then say otherwise). */
static const struct {
    const char *level;
    double rating;
} bot_ratings[] = {
    {"easy", 1150.0},
    {"normal", 1400.0},
    {"hard", 1650.0},
};

double rating_bot(const char *game, const char *level)
{
    (void)game;
    for (size_t i = 0; level && i < sizeof bot_ratings / sizeof bot_ratings[0]; i++) {
        if (strcmp(bot_ratings[i].level, level) == 0)
            return bot_ratings[i].rating;
    }
    return bot_ratings[1].rating;
}

static glicko2_rating bot_rating(const char *game, const char *level)
{
    return (glicko2_rating){rating_bot(game, level), RATING_BOT_RD, GLICKO2_START_VOL};
}

/* --- who played --- */

/* A seat of the stored `players`: its number, its player (NULL: a bot's
 * seat) and its bot level (NULL: none). */
typedef struct seat_row {
    int seat;
    const char *player, *bot;
} seat_row;

/* The seats of `players`, in their order; how many (at most
 * RATING_MAX_SEATS), or -1 if a seat number is out of range. */
static int seat_rows(const json_t *players, seat_row rows[RATING_MAX_SEATS])
{
    size_t i;
    const json_t *p;
    int n = 0;
    json_array_foreach(players, i, p) {
        if (n == RATING_MAX_SEATS)
            return -1;
        json_int_t seat = json_integer_value(json_object_get(p, "seat"));
        if (seat < 0 || seat >= RATING_MAX_SEATS)
            return -1;
        rows[n++] = (seat_row){(int)seat, json_string_value(json_object_get(p, "id")),
                               json_string_value(json_object_get(p, "bot"))};
    }
    return n;
}

const char *rating_unrated_why(const json_t *players, bool seeded)
{
    if (seeded)
        return "seeded";
    seat_row rows[RATING_MAX_SEATS];
    int n = seat_rows(players, rows), humans = 0;
    for (int i = 0; i < n; i++)
        humans += rows[i].player != NULL;
    return humans >= 2 ? NULL : "one_human";
}

/* --- places --- */

static bool listed(const json_t *seats, int seat)
{
    size_t i;
    const json_t *v;
    json_array_foreach(seats, i, v) {
        if (json_is_integer(v) && json_integer_value(v) == seat)
            return true;
    }
    return false;
}

static double number_at(const json_t *array, int i)
{
    const json_t *v = json_array_get(array, (size_t)i);
    return json_is_number(v) ? json_number_value(v) : 0.0;
}

/* How a seat finished, to compare with the others: first the tier (the
 * winners and those sharing a draw above everyone), then the value within
 * it (higher is better). */
typedef struct finish {
    int tier;
    double value;
} finish;

static int finish_cmp(finish a, finish b)
{
    if (a.tier != b.tier)
        return a.tier > b.tier ? 1 : -1;
    return a.value > b.value ? 1 : a.value < b.value ? -1 : 0;
}

/* Boxing's `out`: knocked out later is better, never knocked out best. */
static double out_value(const json_t *out, int i)
{
    const json_t *o = json_array_get(out, (size_t)i);
    const json_t *turn = json_object_get(o, "turn");
    return json_is_integer(turn) ? (double)json_integer_value(turn) : 1e9;
}

static void teams_of(const json_t *teams, int n, int *team)
{
    for (int i = 0; i < n; i++)
        team[i] = -1;
    if (!json_is_array(teams))
        return;
    size_t t;
    const json_t *members;
    json_array_foreach(teams, t, members) {
        size_t k;
        const json_t *seat;
        json_array_foreach(members, k, seat) {
            json_int_t s = json_integer_value(seat);
            if (json_is_integer(seat) && s >= 0 && s < n)
                team[s] = (int)t;
        }
    }
    /* A seat no team names plays for itself. */
    for (int i = 0; i < n; i++) {
        if (team[i] < 0)
            team[i] = (int)json_array_size(teams) + i;
    }
}

int rating_places(const json_t *result, int n, int *place, int *team)
{
    const json_t *winners = json_object_get(result, "winners");
    const json_t *drawn = json_object_get(result, "drawn");
    const json_t *scores = json_object_get(result, "scores");
    const json_t *out = json_object_get(result, "out");
    if (!json_is_array(winners) || n < 1 || n > RATING_MAX_SEATS)
        return -1;
    finish f[RATING_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        f[i].tier = listed(winners, i) || listed(drawn, i) ? 1 : 0;
        f[i].value = json_is_array(out) ? out_value(out, i) : number_at(scores, i);
        if (f[i].tier) /* the winners share the first place whatever their scores */
            f[i].value = 0.0;
    }
    for (int i = 0; i < n; i++) {
        place[i] = 0;
        for (int j = 0; j < n; j++)
            place[i] += finish_cmp(f[j], f[i]) > 0;
    }
    teams_of(json_object_get(result, "teams"), n, team);
    return 0;
}

/* --- Glicko-2 over the pairs --- */

static double score_of(int mine, int theirs)
{
    return mine < theirs ? 1.0 : mine == theirs ? 0.5 : 0.0;
}

/* The best place of a team's seats: the team's place. */
static int team_place(const rating_seat *seats, int n, int t)
{
    int best = RATING_MAX_SEATS;
    for (int i = 0; i < n; i++) {
        if (seats[i].team == t && seats[i].place < best)
            best = seats[i].place;
    }
    return best;
}

/* A team as one opponent: its members' mean rating, and a deviation whose
 * square is the mean of theirs. */
static glicko2_rating team_rating(const rating_seat *seats, int n, int t)
{
    double r = 0, rd2 = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (seats[i].team != t)
            continue;
        r += seats[i].before.rating;
        rd2 += seats[i].before.rd * seats[i].before.rd;
        k++;
    }
    return (glicko2_rating){r / k, sqrt(rd2 / k), GLICKO2_START_VOL};
}

static bool team_seen(const rating_seat *seats, int upto, int t)
{
    for (int j = 0; j < upto; j++) {
        if (seats[j].team == t)
            return true;
    }
    return false;
}

/* Seat i's games: one per other seat, or one per other team. */
static int games_of(const rating_seat *seats, int n, int i, glicko2_game *games)
{
    int k = 0;
    if (seats[i].team < 0) {
        for (int j = 0; j < n; j++) {
            if (j != i)
                games[k++] = (glicko2_game){seats[j].before,
                                            score_of(seats[i].place, seats[j].place)};
        }
        return k;
    }
    int mine = team_place(seats, n, seats[i].team);
    for (int j = 0; j < n; j++) {
        int t = seats[j].team;
        if (t == seats[i].team || team_seen(seats, j, t))
            continue;
        games[k++] = (glicko2_game){team_rating(seats, n, t),
                                    score_of(mine, team_place(seats, n, t))};
    }
    return k;
}

void rating_compute(rating_seat *seats, int n)
{
    glicko2_game games[RATING_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        seats[i].after = seats[i].before;
        if (!seats[i].human)
            continue;
        int k = games_of(seats, n, i, games);
        seats[i].after = glicko2_rate(seats[i].before, games, (size_t)k, GLICKO2_TAU);
    }
}

/* --- the rows --- */

/* A change as store_rating_changes gives it back. */
static json_t *change_json(const store_rating_change *c)
{
    return json_pack("{s:i,s:s,s:f,s:f,s:f,s:f}", "seat", c->seat, "player", c->player,
                     "rating_before", c->rating_before, "rd_before", c->rd_before,
                     "rating_after", c->rating_after, "rd_after", c->rd_after);
}

static glicko2_rating standing_rating(const store_standing *st)
{
    return st->rated > 0 ? (glicko2_rating){st->rating, st->rd, st->vol} : glicko2_start();
}

int rating_record(store *s, int64_t id, const store_result *r, json_t **summary)
{
    if (summary)
        *summary = NULL;
    seat_row rows[RATING_MAX_SEATS];
    int n = seat_rows(r->players, rows);
    if (n < 0)
        return -1;
    int place[RATING_MAX_SEATS], team[RATING_MAX_SEATS];
    bool placed = rating_places(r->result, n, place, team) == 0;
    bool rated = placed && !rating_unrated_why(r->players, r->seeded);
    const json_t *winners = json_object_get(r->result, "winners");

    rating_seat seats[RATING_MAX_SEATS];
    store_standing st[RATING_MAX_SEATS];
    int rc = 0;
    /* The changes as stored, for the summary: read back, they would need a
     * read the Redis store answers only later. */
    json_t *changes = summary ? json_array() : NULL;
    for (int i = 0; i < n; i++) {
        st[i] = (store_standing){0};
        if (rows[i].player && store_standing_get(s, rows[i].player, r->game, &st[i]) < 0) {
            json_decref(changes);
            return -1;
        }
        seats[i] = (rating_seat){rows[i].player != NULL, placed ? place[i] : 0,
                                 placed ? team[i] : -1,
                                 rows[i].player ? standing_rating(&st[i])
                                                : bot_rating(r->game, rows[i].bot),
                                 {0, 0, 0}};
    }
    if (rated)
        rating_compute(seats, n);
    for (int i = 0; i < n; i++) {
        if (!rows[i].player)
            continue;
        bool won = listed(winners, rows[i].seat);
        st[i].played++;
        st[i].won += won;
        st[i].public_played += !r->is_private;
        st[i].public_won += !r->is_private && won;
        if (rated) {
            st[i].rated++;
            st[i].rating = seats[i].after.rating;
            st[i].rd = seats[i].after.rd;
            st[i].vol = seats[i].after.vol;
            store_rating_change change = {id,
                                          rows[i].player,
                                          rows[i].seat,
                                          seats[i].before.rating,
                                          seats[i].before.rd,
                                          seats[i].after.rating,
                                          seats[i].after.rd};
            rc |= store_rating_change_put(s, &change);
            if (changes)
                json_array_append_new(changes, change_json(&change));
        }
        rc |= store_standing_put(s, rows[i].player, r->game, &st[i]);
    }
    if (rc == 0 && summary)
        *summary = rating_summary_of(changes, r->game, r->players, r->seeded);
    json_decref(changes);
    return rc;
}

static const json_t *change_of(const json_t *changes, int seat)
{
    size_t i;
    const json_t *c;
    json_array_foreach(changes, i, c) {
        if (json_integer_value(json_object_get(c, "seat")) == seat)
            return c;
    }
    return NULL;
}

static json_int_t rounded(const json_t *c, const char *key)
{
    return (json_int_t)lround(json_number_value(json_object_get(c, key)));
}

json_t *rating_summary(store *s, int64_t id, const char *game, const json_t *players,
                       bool seeded)
{
    json_t *changes = store_rating_changes(s, id);
    json_t *out = changes ? rating_summary_of(changes, game, players, seeded) : NULL;
    json_decref(changes);
    return out;
}

json_t *rating_summary_of(const json_t *changes, const char *game, const json_t *players,
                          bool seeded)
{
    const char *why = rating_unrated_why(players, seeded);
    json_t *out = json_pack("{s:b}", "rated", json_array_size(changes) > 0);
    if (why)
        json_object_set_new(out, "why", json_string(why));
    json_t *seats = json_array();
    seat_row rows[RATING_MAX_SEATS];
    int n = seat_rows(players, rows);
    for (int i = 0; i < n; i++) {
        const json_t *c = change_of(changes, rows[i].seat);
        if (c)
            json_array_append_new(
                seats, json_pack("{s:i,s:s,s:I,s:I,s:I}", "seat", rows[i].seat, "id",
                                 rows[i].player, "before", rounded(c, "rating_before"), "after",
                                 rounded(c, "rating_after"), "rd", rounded(c, "rd_after")));
        else if (!rows[i].player && rows[i].bot)
            json_array_append_new(
                seats, json_pack("{s:i,s:s,s:I}", "seat", rows[i].seat, "bot", rows[i].bot,
                                 "rating", (json_int_t)lround(rating_bot(game, rows[i].bot))));
    }
    json_object_set_new(out, "seats", seats);
    return out;
}

/* --- from scratch --- */

typedef struct rebuild {
    store *s;
    long results;
    int rc;
} rebuild;

static void rebuild_one(void *arg, int64_t id, const store_result *r)
{
    rebuild *b = arg;
    b->results++;
    b->rc |= rating_record(b->s, id, r, NULL);
}

long rating_rebuild(store *s)
{
    rebuild b = {s, 0, store_begin(s)};
    b.rc |= store_ratings_clear(s);
    if (b.rc == 0)
        b.rc |= store_each_result(s, rebuild_one, &b);
    b.rc |= store_ratings_set_version(s, RATING_VERSION);
    b.rc |= store_commit(s);
    return b.rc ? -1 : b.results;
}

int rating_check(store *s)
{
    int v = store_ratings_version(s);
    if (v < 0)
        return -1;
    if (v == RATING_VERSION)
        return 0;
    if (v > RATING_VERSION && store_shared(s)) { /* newer servers share it: a rolling upgrade */
        log_warn("the stored ratings follow rules version %d, later than this server's %d; "
                 "it rates its games by its own rules until it is upgraded too",
                 v, RATING_VERSION);
        return 0;
    }
    /* On Redis, results that other nodes store meanwhile refuse the new
     * table (it would miss them): it is computed again. */
    for (int tries = 0; tries < 5; tries++) {
        if (rating_rebuild(s) >= 0)
            return 1;
    }
    return -1;
}
