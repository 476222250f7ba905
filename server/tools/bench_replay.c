/*
 * bench_replay.c: `botpit bench replay`, each engine's replay fingerprint
 * (fingerprint.h): prints one digest per engine, compares them with the
 * committed ones (--check, what CI runs), writes them (--update), and
 * records the logs again from bot games (--record).
 */
#include "tools/bench_replay.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/game.h"
#include "tools/fingerprint.h"

typedef struct replay_args {
    const char *logs;   /* the folder of <engine>.jsonl */
    const char *check;  /* --check FILE */
    const char *update; /* --update FILE */
    bool same_rules;    /* --update may move a digest without a new revision */
    bool record;
    bool again;   /* --record plays the games that have inputs again too */
    bool verbose; /* a line per game */
    int pace_ms, budget_ms;
    const game_engine *only[32];
    int nonly;
} replay_args;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: botpit bench replay [--logs DIR] [--verbose] [ENGINE...]\n"
            "       botpit bench replay --check FILE [--logs DIR] [ENGINE...]\n"
            "       botpit bench replay --update FILE [--same-rules] [--logs DIR] [ENGINE...]\n"
            "       botpit bench replay --record [--again] [--pace-ms N] [--budget-ms N] "
            "[--logs DIR] ENGINE...\n"
            "Replays each engine's stored games (DIR/<engine>.jsonl, default %s) and prints\n"
            "one digest per engine; --check compares them with FILE (tests/replay/digests.txt)\n"
            "and fails on a difference; --update writes them into FILE (refusing to move a\n"
            "digest whose rules revision stayed, unless --same-rules: the logs were recorded\n"
            "again); --record plays each game of a log that has no inputs yet (every game with\n"
            "--again) with bots, and rewrites the log.\n",
            BOTPIT_SOURCE_ROOT "/tests/replay");
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, mem);
    fclose(mem);
    fclose(f);
    return text;
}

static int parse(int argc, char **argv, replay_args *a)
{
    *a = (replay_args){.logs = BOTPIT_SOURCE_ROOT "/tests/replay", .pace_ms = 800,
                       .budget_ms = 1000};
    static const struct option longs[] = {
        {"logs", required_argument, NULL, 'l'},   {"check", required_argument, NULL, 'c'},
        {"update", required_argument, NULL, 'u'}, {"same-rules", no_argument, NULL, 's'},
        {"record", no_argument, NULL, 'r'},       {"pace-ms", required_argument, NULL, 'p'},
        {"budget-ms", required_argument, NULL, 'b'}, {"help", no_argument, NULL, 'h'},
        {"verbose", no_argument, NULL, 'v'},     {"again", no_argument, NULL, 'a'},
        {NULL, 0, NULL, 0},
    };
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'l': a->logs = optarg; break;
        case 'c': a->check = optarg; break;
        case 'u': a->update = optarg; break;
        case 's': a->same_rules = true; break;
        case 'r': a->record = true; break;
        case 'p': a->pace_ms = atoi(optarg); break;
        case 'b': a->budget_ms = atoi(optarg); break;
        case 'v': a->verbose = true; break;
        case 'a': a->again = true; break;
        case 'h': usage(stdout); exit(0);
        default: usage(stderr); return -1;
        }
    }
    for (int i = optind; i < argc; i++) {
        const game_engine *e = game_engine_find(argv[i]);
        if (!e || a->nonly == (int)(sizeof a->only / sizeof a->only[0])) {
            fprintf(stderr, "botpit: no engine \"%s\" in this binary\n", argv[i]);
            return -1;
        }
        a->only[a->nonly++] = e;
    }
    if ((a->check != NULL) + (a->update != NULL) + a->record > 1) {
        usage(stderr);
        return -1;
    }
    return 0;
}

static bool chosen(const replay_args *a, const game_engine *e)
{
    for (int i = 0; i < a->nonly; i++) {
        if (a->only[i] == e)
            return true;
    }
    return a->nonly == 0;
}

static int load(const replay_args *a, const game_engine *e, fingerprint_log *log)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.jsonl", a->logs, e->id);
    if (fingerprint_read(path, e, log, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "botpit: %s\n", err);
    return -1;
}

/* Records engine e's log again (or a first one from the default plan). */
static int record(const replay_args *a, const game_engine *e)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.jsonl", a->logs, e->id);
    fingerprint_log log;
    if (fingerprint_read(path, e, &log, err, sizeof err) < 0) {
        fprintf(stderr, "botpit: %s; recording %s's default games\n", err, e->id);
        fingerprint_default_plan(e, &log);
    }
    int rc = 0;
    for (size_t i = 0; i < log.n && rc == 0; i++) {
        if (json_array_size(log.games[i].inputs) && !a->again)
            continue;
        double t0 = now_ms();
        rc = fingerprint_record(&log, i, a->pace_ms, a->budget_ms, err, sizeof err);
        if (rc == 0)
            printf("%s game %zu: %zu inputs (%.0f ms)\n", e->id, i + 1,
                   json_array_size(log.games[i].inputs), now_ms() - t0);
    }
    if (rc == 0)
        rc = fingerprint_write(path, &log, err, sizeof err);
    if (rc < 0)
        fprintf(stderr, "botpit: %s\n", err);
    fingerprint_free(&log);
    return rc;
}

/* Replaces (or adds) engine e's line in a digests file's text. */
static char *with_line(const char *text, const game_engine *e, uint64_t digest)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    size_t idlen = strlen(e->id);
    bool put = false;
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n > idlen && strncmp(line, e->id, idlen) == 0 && line[idlen] == ' ') {
            fprintf(f, "%s %d %016" PRIx64 "\n", e->id, game_rules_revision(e), digest);
            put = true;
        } else {
            fprintf(f, "%.*s\n", (int)n, line);
        }
        line += n + (end != NULL);
    }
    if (!put)
        fprintf(f, "%s %d %016" PRIx64 "\n", e->id, game_rules_revision(e), digest);
    fclose(f);
    return out;
}

static const char digests_header[] =
    "# The replay digest of each engine: <engine> <rules revision> <digest>.\n"
    "# `botpit bench replay --check` (the meson test replay-digests) compares\n"
    "# them with the logs of tests/replay/ replayed; server/games/README.md says\n"
    "# what to do when one moves.\n";

int bench_replay_main(int argc, char **argv)
{
    replay_args a;
    if (parse(argc, argv, &a) < 0)
        return 2;
    int failed = 0;
    if (a.record) {
        for (int i = 0; game_engines[i]; i++) {
            if (chosen(&a, game_engines[i]))
                failed |= record(&a, game_engines[i]) < 0;
        }
        return failed;
    }
    const char *file = a.check ? a.check : a.update;
    char *text = file ? read_all(file) : NULL;
    if (a.check && !text) {
        fprintf(stderr, "botpit: cannot read %s\n", a.check);
        return 2;
    }
    if (a.update && !text)
        text = strdup(digests_header);
    bool refused = false;
    for (int i = 0; game_engines[i]; i++) {
        const game_engine *e = game_engines[i];
        if (!chosen(&a, e))
            continue;
        fingerprint_log log;
        fingerprint_stats st = {.show = a.verbose ? stdout : NULL};
        uint64_t digest = 0;
        char err[1024];
        double t0 = now_ms();
        int rc = load(&a, e, &log);
        if (rc == 0) {
            rc = fingerprint_digest(&log, &digest, &st, err, sizeof err);
            if (rc < 0)
                fprintf(stderr, "botpit: %s\n", err);
            fingerprint_free(&log);
        }
        if (rc < 0) {
            failed = 1;
            continue;
        }
        printf("%-10s revision %d digest %016" PRIx64
               " (%zu games, %zu inputs, %zu over, %.0f ms)\n",
               e->id, game_rules_revision(e), digest, st.games, st.inputs, st.over,
               now_ms() - t0);
        int was_rev;
        uint64_t was;
        if (a.check && fingerprint_compare(text, a.check, e, digest, err, sizeof err) < 0) {
            fprintf(stderr, "botpit: %s\n", err);
            failed = 1;
        } else if (a.update) {
            if (!a.same_rules && fingerprint_recorded(text, e->id, &was_rev, &was) == 0 &&
                was_rev == game_rules_revision(e) && was != digest) {
                fprintf(stderr,
                        "botpit: %s's digest moved while its rules revision stayed %d: if its "
                        "rules changed, bump its rules_revision in the same commit; if only its "
                        "logs were recorded again, say so with --same-rules\n",
                        e->id, was_rev);
                refused = true;
                continue;
            }
            char *next = with_line(text, e, digest);
            free(text);
            text = next;
        }
    }
    if (a.update && !refused && !failed) {
        FILE *f = fopen(a.update, "w");
        if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
            fprintf(stderr, "botpit: cannot write %s\n", a.update);
            failed = 1;
        }
    }
    free(text);
    return failed || refused ? 1 : 0;
}
