/*
 * game.h: the engine contract.
 *
 * An engine is a pure, deterministic state machine. It does no I/O, reads no
 * clock, keeps no global mutable state and draws randomness only from the seeds
 * it was created with (game_seeds: an open one for what everyone sees, a
 * secret one for hidden deals). The room feeds it everything: options, the
 * number of seats, the seeds, and a sequence of (time, seat, action) inputs
 * and ticks. The
 * same inputs always give byte-identical views (the replay invariant), so the
 * room's input log *is* the game: it is persisted, replayed after a restart,
 * and used by tests.
 *
 * Times are milliseconds of the room's game clock (int64_t, starting at 0 when
 * the game starts, never going backwards). Engines keep their timers as
 * absolute game-clock times and report the earliest through `deadline`.
 *
 * An engine's wire formats (its actions, view, events and result) are
 * documented in protocol/PROTOCOL.md, with JSON schemas in
 * protocol/schema/games/<id>/, not in C comments.
 *
 * Seats are numbered 0..seats-1. GAME_SEAT_SPECTATOR asks for the view of an
 * onlooker; GAME_SEAT_REPLAY for the view of a replay of a finished game,
 * every secret shown; GAME_SEAT_SERVER marks inputs the server itself feeds
 * (results of off-loop work, see `work_*`).
 *
 * JSON values use jansson. Unless a comment says otherwise, functions that
 * return json_t * return a new reference the caller must json_decref, and
 * json_t * parameters are borrowed.
 */
#ifndef BOTPIT_GAME_H
#define BOTPIT_GAME_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define GAME_SEAT_SPECTATOR (-1)
#define GAME_SEAT_SERVER (-2)
/* The audience of a replay of a finished game: everyone's secrets at every
 * point of the game (every seat's layout, hand, orders, allocation; what
 * the server knows that nobody was shown yet), as a view shows everything
 * once its game is over. The server asks it only of a game rebuilt from a
 * finished game's log, never of a game in play. Everything else in it is
 * the spectator's view ("you" as for a spectator). */
#define GAME_SEAT_REPLAY (-3)
#define GAME_NO_DEADLINE INT64_MAX

/* Why an input or an option set was refused: a wire error code and a sentence
 * a player can read ("robot red cannot move north: a wall"). */
typedef struct game_error {
    char code[32];     /* "illegal", "not_your_turn", "bad_action", "bad_options" */
    char message[256];
} game_error;

/* Fills err (if not NULL) and returns -1, so a refusal is one line:
 *   return game_fail(err, "illegal", "robot %s cannot move %s", ...); */
int game_fail(game_error *err, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

typedef struct game game; /* each engine defines struct game privately */

/* One room option, as a row of the engine's option table. The lobby shows
 * the table as a form (the `games` message) and game_options_resolve checks
 * what a host sends against it. */
typedef enum game_option_type {
    GAME_OPTION_INT,    /* a whole number in [min, max] */
    GAME_OPTION_BOOL,   /* true or false; def is 0 or 1 */
    GAME_OPTION_CHOICE, /* one of choices; def is an index into them */
} game_option_type;

typedef struct game_option {
    const char *name; /* "timer_s"; NULL ends the table */
    game_option_type type;
    const char *label; /* "Sand timer (seconds)" */
    const char *help;  /* one or two sentences for the form */
    int def;
    int min, max;               /* GAME_OPTION_INT only */
    const char *const *choices; /* GAME_OPTION_CHOICE only, NULL-terminated */
    /* GAME_OPTION_CHOICE only, optional: each choice in words, in the order
     * of choices ("Risky Exchange" for "risky_exchange"), so clients show
     * words, not wire names. NULL: the choices read as they are. */
    const char *const *choice_labels;
} game_option;

/* An option whose default follows a choice option, as MANOOVER's match_to
 * follows the variant (21, or 30 in MANOOVER Plus). A row of the engine's
 * option_defaults table: an option the host leaves out takes the default of
 * the chosen `by`; one the host sets is used as set. The option table's own
 * `def` stays the default of `by`'s default choice, and the option's help
 * says how the default varies. */
typedef struct game_option_default {
    const char *option; /* "match_to"; NULL ends the table */
    const char *by;     /* "variant": a GAME_OPTION_CHOICE option of the table */
    const int *defs;    /* the default for each of by's choices, in their order */
} game_option_default;

/* The two random streams a game is created with. `seed` may come from the
 * host (a seeded room deals the same board, dice and public draws again), so
 * it drives only what every player sees. `secret` always comes from the
 * server's own randomness and is never shown: hidden deals (a shuffled pile,
 * a hand of cards, a layout drawn for a player) come from it, so nothing a
 * player can know or choose predicts them. Both are kept with the room's log,
 * so a replay deals the same game. */
typedef struct game_seeds {
    uint64_t seed;
    uint64_t secret;
} game_seeds;

/* Where the turns or rounds of a replay begin, read from the spectator's
 * view: a JSON pointer to a number (or a name) in it that counts them
 * ("/turn", "/battle/round"), the word a player calls it ("Turn"; ""
 * when the value names itself, as a battle's title does), and what the
 * count 0 is called, when it is a time before the first turn ("Set-up";
 * NULL: "Turn 0"). A replay marks the start and every input after which
 * one of an engine's marks changes, so that a player can jump to "Game 2
 * · Turn 7". */
typedef struct game_mark {
    const char *pointer; /* NULL ends an engine's table */
    const char *word;
    const char *zero;
} game_mark;

typedef struct game_engine {
    const char *id;      /* "ricochet": the wire name and folder name */
    const char *title;   /* "Ricochet Robots" */
    const char *summary; /* one line for the lobby */
    int min_players;
    int max_players;

    /* The option table, ended by a row with name NULL (game_options_json
     * gives it as the JSON the `games` message lists). Static data. */
    const game_option *options;

    /* Optional: options whose default follows another option's choice,
     * ended by a row with option NULL (game_options_json lists each as
     * "default_by"). NULL: every default is the table's own. */
    const game_option_default *option_defaults;

    /* Optional: checks resolved options against what the table cannot say
     * (a value inside min..max that makes no game, options that must agree).
     * Returns 0, or -1 with err set ("bad_options", the option named by its
     * label, what is allowed and what to do). game_options_resolve calls it,
     * so such a room is refused at create, not at start. NULL: the table's
     * checks are all. */
    int (*options_check)(const json_t *options, game_error *err);

    /* Optional: the seat range these resolved options allow (a three-player
     * variant needs exactly 3). NULL means [min_players, max_players]. */
    void (*seat_range)(const json_t *options, int *min, int *max);

    /* Optional: the team a player in game seat `seat` plays on under these
     * resolved options (0, 1, ...), or -1 when each plays for themselves.
     * NULL: the game has no teams. The room message shows each seat's team
     * (PROTOCOL.md, room), so that clients need not know the options. */
    int (*seat_team)(const json_t *options, int seat);

    /* Names of the bot levels, weakest first, NULL-terminated; index = level.
     * NULL if the engine has no bots. */
    const char *const *bot_levels;

    /* A new game, or NULL with err set ("bad_options") when the options or
     * the seat count do not make a game. `options` has been resolved: every
     * declared option is present and of its declared type. */
    game *(*create)(const json_t *options, int seats, game_seeds seeds, game_error *err);
    void (*destroy)(game *g);

    /* Applies one action of `seat` at game time now_ms. On success returns 0
     * and appends the events it caused to `events` (a JSON array). On refusal
     * returns -1 with err set and changes nothing at all. Events are shown to
     * every seat and spectator: an engine never puts a secret in an event.
     * seat may be GAME_SEAT_SERVER for results of off-loop work. */
    int (*act)(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
               game_error *err);

    /* Lets time pass: handles every deadline at or before now_ms, appending
     * events. Calling it early, or twice, is harmless. */
    void (*tick)(game *g, int64_t now_ms, json_t *events);

    /* The earliest pending deadline in game time, or GAME_NO_DEADLINE. */
    int64_t (*deadline)(const game *g);

    /* What `seat` may see (GAME_SEAT_SPECTATOR for onlookers). Never holds
     * another seat's secrets before the game is over; then holds everything.
     * GAME_SEAT_REPLAY holds everything at every point (a replay's view).
     * Must not depend on anything but the inputs so far. */
    json_t *(*view)(const game *g, int seat);

    bool (*over)(const game *g);

    /* Once over: {"winners": [seats], "scores": [number per seat],
     * "summary": "Seat 2 wins with 8 chips"} plus engine-specific fields.
     * Sentences (summaries, error messages) name seats "Seat N", 1-based:
     * engines know no names, and clients put the players' names in. */
    json_t *(*result)(const game *g);

    /* Optional. The action a bot of `level` in `seat` takes at now_ms, or NULL
     * to wait. Either way it may set *wake_ms to a game time at which it wants
     * to be asked again (it is also asked after every state change). `salt`
     * comes from the server's randomness, never from the room's seed, and
     * varies from call to call, so bots can randomise their secret choices;
     * the room logs the action a bot takes, so bots need not be replayable.
     * The room runs it on a worker thread over a clone (see `clone`) and sets
     * *cancel (never NULL) when its time budget is spent: a searching bot
     * checks it now and then and answers with the best it has so far. */
    json_t *(*bot)(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                   int64_t *wake_ms, const volatile int *cancel);

    /* A deep copy of g that shares nothing mutable with it; required of an
     * engine with bots. The room asks the bots on a worker thread over a copy,
     * so that no bot ever holds up the event loop, and drops the answer if the
     * game moved on meanwhile. */
    game *(*clone)(const game *g);

    /* Optional off-loop work (a solver run). work_request returns a
     * description of work the game is waiting for, or NULL. The room runs
     * work_run(request, cancel) on a worker thread; it must be a pure,
     * thread-safe function of the request that gives up, returning NULL, once
     * *cancel becomes nonzero. The room then feeds
     *   {"kind": "work_done", "request": <request>, "result": <result>}
     * to act() as GAME_SEAT_SERVER, which logs it like any other input, so a
     * replay never runs the work again. */
    json_t *(*work_request)(const game *g);
    json_t *(*work_run)(const json_t *request, const volatile int *cancel);

    /* The revision of the rules this engine plays, from 1; 0 (unset) counts
     * as 1 (game_rules_revision). A change that makes a stored log replay
     * into another game (other views, events or result) bumps it in the same
     * commit: a room is stored with its revision, and a restart keeps aside,
     * rather than replays, a room stored under another revision. The replay
     * digests (tests/replay/, `botpit bench replay`) catch a change that
     * forgot to; server/games/README.md says what counts. */
    int rules_revision;

    /* Optional: where a replay's turns or rounds begin (game_mark), outer
     * counts first ("/game", then "/turn_number"), ended by a row with
     * pointer NULL. NULL: a replay offers no marks, only inputs. */
    const game_mark *replay_marks;
} game_engine;

/* A cancel flag that is never raised, for callers of bot() that need none
 * (tests, benchmarks). */
extern const volatile int game_no_cancel;

/* The shipped engines (registry.c), NULL-terminated. */
extern const game_engine *const game_engines[];

/* The engine called `id`, or NULL. */
const game_engine *game_engine_find(const char *id);

/* The engine's option table as the JSON array the `games` message lists:
 * [{"name", "type": "int"|"bool"|"choice", "default", "min", "max",
 *   "choices", "label", "help"}], and for an option whose default follows
 * another's choice, "default_by": {"option": "variant", "defaults":
 * {"standard": 21, "three": 21, "plus": 30}}. A new reference. */
json_t *game_options_json(const game_engine *e);

/* The option table row called `name`, or NULL. */
const game_option *game_option_find(const game_engine *e, const char *name);

/* Checks `given` (an object, or NULL for none) against the engine's option
 * table: rejects unknown names, wrong types and out-of-range values,
 * fills in every default (an option_defaults row's by the resolved
 * choice) and asks the engine's options_check. Returns a new object, or
 * NULL with err set to "bad_options" and a sentence naming the option by
 * its label and saying what it allows. */
json_t *game_options_resolve(const game_engine *e, const json_t *given, game_error *err);

/* Resolves options and creates the game in one step (tests and tools).
 * `options` may be NULL or a JSON text such as "{\"timer_s\": 5}". The
 * secret stream is derived from `seed` (game_seeds_from), so a test that
 * fixes the seed fixes the whole game. */
game *game_create_with(const game_engine *e, const char *options, int seats, uint64_t seed,
                       game_error *err);

/* Both streams from one number, for tests and tools that want one seed to
 * fix a whole game. The server never does this: its secret is its own. */
game_seeds game_seeds_from(uint64_t seed);

/* The seat range for resolved options (seat_range, or the engine's min/max). */
void game_seat_range(const game_engine *e, const json_t *options, int *min, int *max);

/* The team of game seat `seat` under resolved options (seat_team), or -1. */
int game_seat_team(const game_engine *e, const json_t *options, int seat);

/* The level index of a bot level name, or -1. */
int game_bot_level(const game_engine *e, const char *name);

/* The engine's rules revision: rules_revision, or 1 if it sets none. */
int game_rules_revision(const game_engine *e);

#endif
