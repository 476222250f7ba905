/*
 * support.h: helpers the RoboRally suites share: small courses built cell by
 * cell for the rules, states on them, games on the real courses with hands
 * dealt by hand, and byte-exact views.
 */
#ifndef RR_TEST_SUPPORT_H
#define RR_TEST_SUPPORT_H

#include <criterion/criterion.h>

#include "engine_test.h"
#include "games/roborally/roborally.h"
#include "games/roborally/roborally_ball.h"
#include "util/rng.h"

/* A course of plain floor, every dock i at (i, h-1) facing north. */
typedef struct test_course {
    rr_course c;
    rr_cell cells[RR_MAX_CELLS];
    rr_laser lasers[16];
} test_course;

void tc_init(test_course *t, int w, int h);
int tc_cell(const test_course *t, int x, int y);
/* A wall on side d of (x, y), and on the matching side of its neighbour. */
void tc_wall(test_course *t, int x, int y, int d);
void tc_pit(test_course *t, int x, int y);
/* A belt (RR_BELT or RR_EXPRESS) leaving by `out`, fed through the sides in `in` ("S", "SW"...). */
void tc_belt(test_course *t, int x, int y, int kind, int out, const char *in);
void tc_gear(test_course *t, int x, int y, bool clockwise);
/* A pusher pushing toward d in the registers given as a mask (bit 0 = register 1). */
void tc_pusher(test_course *t, int x, int y, int d, unsigned regs);
void tc_repair(test_course *t, int x, int y, int kind);
void tc_flag(test_course *t, int x, int y, int n);
void tc_laser(test_course *t, int x, int y, int d, int count);

/* A state of n robots on the course; robots start on their docks. */
void ts_init(rr_state *s, const test_course *t, int n, bool options_on);
/* Puts robot `seat` on (x, y) facing d (real, on the floor). */
void ts_place(rr_state *s, int seat, int x, int y, int d);
/* Takes robot `seat` off the floor for the rest of the test. */
void ts_remove(rr_state *s, int seat);
int ts_x(const rr_state *s, int seat);
int ts_y(const rr_state *s, int seat);
/* Runs register `reg` (1..5) with these cards (0: none) by seat, traced into
 * *events if not NULL (caller decrefs). */
void ts_register(rr_state *s, int reg, const int *cards, json_t **events);

/* Card priorities of each kind, for readable tests. */
enum { C_UTURN = 10, C_LEFT = 70, C_RIGHT = 80, C_BACKUP = 430, C_MOVE1 = 490, C_MOVE2 = 670,
       C_MOVE3 = 790 };

/* ---- games ---- */

extern int64_t rr_now; /* the clock the helpers act at; each act moves it on by 1 */

game *rg_new(const char *options, int seats, uint64_t seed);
int rg_act(game *g, int seat, const char *json, json_t **events, game_error *err);
json_t *rg_ok(game *g, int seat, const char *json);
/* Fails the test unless act refuses with `code` and keeps the refusal rule
 * (replay.h: a sentence, no events, every view and the deadline unchanged). */
void rg_refused(game *g, int seat, const char *json, const char *code);
/* The program action with these five registers (0: null), submitted. */
char *rg_program(const game *g, const int regs[5], bool submit, bool power_down);
/* Every seat with a program to write locks in its first five unlocked hand
 * cards (or hand[0..4]); returns the events (caller decrefs). */
json_t *rg_all_program(game *g);
/* Deals `seat` these cards (tests choose hands). */
void rg_hand(game *g, int seat, const int *cards, int n);
/* A two-seat turn: each seat is dealt its five cards and programs them in
 * that order, seat 0 first (announcing a power-down if down0). Returns the
 * events of both acts (caller decrefs). */
json_t *rg_turn(game *g, const int h0[5], bool down0, const int h1[5]);
json_t *rg_event(json_t *events, const char *kind);
char *rg_dump(const json_t *j);
char *rg_view(const game *g, int seat);

/* ---- random play with the replay check ---- */

/* A test player's move in rg_play_random: `what` (5..9) is the dice's
 * choice; returns an action (the loop sends and frees it), or NULL, with
 * *tick set when the clock should move to the deadline instead. */
typedef json_t *rg_player(const game *g, int seat, unsigned what, rng *r, bool *tick, void *ctx);

/* Plays `options` until over, past `turns` turns or `max_steps` steps: at
 * each step a random seat either lets a bot of a random level act (what
 * 0..4) or asks `player`; the replay log must agree at every step and
 * replay the game identically at the end (and every 97 steps). */
void rg_play_random(const char *options, int seats, uint64_t seed, int turns, int max_steps,
                    rg_player *player, void *ctx);

#endif
