/* tool.c: what the engines' tools share (tool.h): reading their flags, one
 * loop for every bench and command, and bots' games played and timed. */
#include "games/tool.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/rng.h"

static const tool_flag *flag_named(const tool_flag *flags, const char *name)
{
    for (const tool_flag *f = flags; f->name; f++) {
        if (strcmp(f->name, name) == 0)
            return f;
    }
    return NULL;
}

bool tool_read_int(const char *v, int min, int max, int *into)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || end == v || *end || n < min || n > max)
        return false;
    *into = (int)n;
    return true;
}

static bool read_seed(const char *v, uint64_t *into)
{
    char *end;
    errno = 0;
    if (*v == '-')
        return false;
    unsigned long long n = strtoull(v, &end, 10);
    if (errno || end == v || *end)
        return false;
    *into = (uint64_t)n;
    return true;
}

static bool read_real(const char *v, double *into)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end)
        return false;
    *into = x;
    return true;
}

static bool read_value(const tool_flag *f, const char *v)
{
    switch (f->kind) {
    case TOOL_INT:
        return tool_read_int(v, f->min, f->max, f->into);
    case TOOL_SEED:
        return read_seed(v, f->into);
    case TOOL_REAL:
        return read_real(v, f->into);
    case TOOL_TEXT:
        *(const char **)f->into = v;
        return true;
    case TOOL_OWN:
        return f->read(v, f->into);
    case TOOL_SWITCH:
        break;
    }
    return false;
}

/* What a value of f must be, for the refusal. */
static void say_wanted(const char *who, const tool_flag *f, const char *v)
{
    fprintf(stderr, "%s: %s %s: ", who, f->name, v);
    switch (f->kind) {
    case TOOL_INT:
        fprintf(stderr, "a whole number from %d to %d\n", f->min, f->max);
        return;
    case TOOL_SEED:
        fprintf(stderr, "a whole number from 0 to %" PRIu64 "\n", UINT64_MAX);
        return;
    case TOOL_REAL:
        fprintf(stderr, "a number\n");
        return;
    default:
        fprintf(stderr, "%s\n", f->what ? f->what : "not a value it takes");
        return;
    }
}

int tool_flags_read(const char *who, const char *usage, const tool_flag *flags, int argc,
                    char **argv)
{
    for (int i = 1; i < argc; i++) {
        const tool_flag *f = flag_named(flags, argv[i]);
        if (!f) {
            fprintf(stderr, "%s: no flag %s\n%s", who, argv[i], usage);
            return -1;
        }
        if (f->kind == TOOL_SWITCH) {
            *(bool *)f->into = true;
        } else if (i + 1 >= argc) {
            fprintf(stderr, "%s: %s needs a value\n%s", who, f->name, usage);
            return -1;
        } else if (!read_value(f, argv[++i])) {
            say_wanted(who, f, argv[i]);
            fputs(usage, stderr);
            return -1;
        }
        if (f->given)
            *f->given = true;
    }
    return 0;
}

double tool_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void tool_level_time_add(tool_level_time *lt, double ms)
{
    lt->total_ms += ms;
    lt->max_ms = ms > lt->max_ms ? ms : lt->max_ms;
    lt->calls++;
}

int tool_play_bots(const char *who, const game_engine *e, game *g, int seats, const int *levels,
                   uint64_t salt, tool_level_time *times)
{
    rng salts;
    rng_seed(&salts, salt);
    int64_t clock = 0;
    while (!e->over(g)) {
        bool acted = false;
        for (int s = 0; s < seats; s++) {
            int64_t wake = GAME_NO_DEADLINE;
            double t0 = tool_cpu_ms();
            json_t *action = e->bot(g, s, levels[s], clock, rng_next(&salts), &wake, &game_no_cancel);
            tool_level_time_add(&times[levels[s]], tool_cpu_ms() - t0);
            if (!action)
                continue;
            json_t *events = json_array();
            game_error err;
            int rc = e->act(g, s, action, ++clock, events, &err);
            json_decref(events);
            json_decref(action);
            if (rc < 0) {
                fprintf(stderr, "%s: a %s bot was refused: %s\n", who, e->bot_levels[levels[s]],
                        err.message);
                return -1;
            }
            acted = true;
        }
        if (!acted && !e->over(g)) {
            if (e->deadline(g) == GAME_NO_DEADLINE) {
                fprintf(stderr, "%s: no bot acts and no deadline comes: the game is stuck\n", who);
                return -1;
            }
            json_t *events = json_array();
            clock = e->deadline(g);
            e->tick(g, clock, events);
            json_decref(events);
        }
    }
    return 0;
}
