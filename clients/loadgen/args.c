/*
 * args.c: the command line, with every default in one place.
 */
#include "args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void args_usage(FILE *out)
{
    fputs("botpit-loadgen: many WebSocket clients against a Botpit (or Colyseus) server.\n"
          "\n"
          "usage: botpit-loadgen [flags]\n"
          "  --host ADDR[,ADDR]  server address, IPv4 (default 127.0.0.1); several (the\n"
          "                      nodes of a distributed server, on one port): worker\n"
          "                      processes go to each in turn, a room's clients to one\n"
          "  --port N            server port (default 8080)\n"
          "  --path P            WebSocket path (default /ws)\n"
          "  --scenario S        idle, chat, play, churn or reconnect (default chat)\n"
          "  --clients N         one level of N clients (default 400)\n"
          "  --levels A,B,...    several levels, one after the other\n"
          "  --room-size N       clients per room: chat, churn, reconnect (default 4)\n"
          "  --games LIST        play: the games, in turn (default every one, below;\n"
          "                      the client plays those it knows, and watches two bots\n"
          "                      play the others)\n"
          "  --period-ms MS      each client's rhythm: a chat (chat), a ping (idle),\n"
          "                      a leave and join (churn); default 1000, idle 30000,\n"
          "                      churn 2000\n"
          "  --warmup S          seconds of load before measuring (default 5)\n"
          "  --seconds S         seconds measured (default 20; reconnect: the most\n"
          "                      the storm may take)\n"
          "  --stop-p99-ms MS    stop the levels once p99 passes MS (default 0: never)\n"
          "  --server-pid PID[,PID]  read the server's CPU and memory from /proc/PID\n"
          "                      (several: summed)\n"
          "  --wire W            botpit or colyseus (default botpit)\n"
          "  --colyseus-room R   the Colyseus room name to join (default chat)\n"
          "  --connect-rate N    new connections a second (default 4000)\n"
          "  --max-pending N     connections being set up at once, per process\n"
          "                      (default 500)\n"
          "  --per-process N     clients per worker process (default 18000: a process\n"
          "                      may hold 20,000 open files here)\n"
          "  --sources N         spread connections over 127.0.0.1..N (default: one\n"
          "                      per 25,000 clients)\n"
          "  --setup-timeout S   most seconds to connect and set up a level (default 120)\n"
          "  --no-header         print the table's rows without its header\n"
          "  --header            print only the table's header\n"
          "  --verbose           print every error as it comes\n"
          "  --help\n"
          "\n"
          "Per level it prints a table row and a JSON line: latency percentiles (chat:\n"
          "send to receipt by each member; idle: ping to pong; churn: leave and join\n"
          "replies; play: act to its state; reconnect: drop to welcome back),\n"
          "messages delivered a second, errors, disconnects, and with --server-pid the\n"
          "server's CPU and resident memory. A Botpit server under load from one\n"
          "address needs --no-quotas and high --max-connections/--max-per-ip.\n"
          "\n"
          "Games:",
          out);
    for (int g = 0; g < lg_game_count; g++)
        fprintf(out, " %s%s", lg_games[g].id, lg_play_knows(g) ? " (played)" : "");
    fputs("\n", out);
}

/* A comma-separated list, cut in place in copy (which the items point into). */
static int split_list(char *copy, const char **out, int max)
{
    int n = 0;
    for (char *save = NULL, *p = strtok_r(copy, ",", &save); p && n < max;
         p = strtok_r(NULL, ",", &save))
        out[n++] = p;
    return n;
}

static bool parse_hosts(const char *v, lg_opts *o)
{
    /* argv lives as long as the run: the hosts point into a copy of it that
     * does too. */
    static char copy[1024];
    snprintf(copy, sizeof copy, "%s", v);
    o->n_hosts = split_list(copy, o->hosts, LG_MAX_HOSTS);
    return o->n_hosts > 0;
}

static bool parse_int(const char *s, long lo, long hi, int *out);

static bool parse_pids(const char *v, lg_opts *o)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", v);
    const char *items[LG_MAX_HOSTS];
    int n = split_list(copy, items, LG_MAX_HOSTS);
    for (int i = 0; i < n; i++) {
        if (!parse_int(items[i], 1, 1 << 30, &o->server_pids[i]))
            return false;
    }
    o->n_server_pids = n;
    return n > 0;
}

static bool parse_int(const char *s, long lo, long hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_seconds(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || v < 0 || v > 86400)
        return false;
    *out = v;
    return true;
}

static bool parse_levels(const char *s, lg_opts *o)
{
    o->n_levels = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (o->n_levels == LG_MAX_LEVELS || !parse_int(tok, 1, 1000000, &o->levels[o->n_levels]))
            return false;
        o->n_levels++;
    }
    return o->n_levels > 0;
}

static bool parse_games(const char *s, unsigned *out)
{
    *out = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int g = 0;
        while (g < lg_game_count && strcmp(tok, lg_games[g].id) != 0)
            g++;
        if (g == lg_game_count)
            return false;
        *out |= 1u << g;
    }
    return *out != 0;
}

static bool parse_scenario(const char *s, lg_scenario *out)
{
    static const lg_scenario all[] = {LG_IDLE, LG_CHAT, LG_PLAY, LG_CHURN, LG_RECONNECT};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(s, lg_scenario_name(all[i])) == 0) {
            *out = all[i];
            return true;
        }
    return false;
}

int args_parse(int argc, char **argv, lg_opts *o, FILE *err)
{
    *o = (lg_opts){
        .hosts = {"127.0.0.1"},
        .n_hosts = 1,
        .port = 8080,
        .path = "/ws",
        .scenario = LG_CHAT,
        .wire = LG_WIRE_BOTPIT,
        .colyseus_room = "chat",
        .games = lg_game_count < 32 ? (1u << lg_game_count) - 1 : ~0u,
        .levels = {400},
        .n_levels = 1,
        .room_size = 4,
        .period_ms = 0,
        .warmup_s = 5,
        .seconds = 20,
        .connect_rate = 4000,
        .max_pending = 500,
        .per_process = 18000,
        .setup_timeout_s = 120,
    };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true, takes = true;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            args_usage(stdout);
            return 1;
        } else if (strcmp(a, "--header") == 0) {
            o->header_only = true;
            takes = false;
        } else if (strcmp(a, "--no-header") == 0) {
            o->no_header = true;
            takes = false;
        } else if (strcmp(a, "--verbose") == 0) {
            o->verbose = true;
            takes = false;
        } else if (!v) {
            fprintf(err, "botpit-loadgen: %s needs a value (--help)\n", a);
            return -1;
        } else if (strcmp(a, "--host") == 0) {
            ok = parse_hosts(v, o);
        } else if (strcmp(a, "--port") == 0) {
            ok = parse_int(v, 1, 65535, &o->port);
        } else if (strcmp(a, "--path") == 0) {
            o->path = v;
        } else if (strcmp(a, "--scenario") == 0) {
            ok = parse_scenario(v, &o->scenario);
        } else if (strcmp(a, "--clients") == 0) {
            o->n_levels = 1;
            ok = parse_int(v, 1, 1000000, &o->levels[0]);
        } else if (strcmp(a, "--levels") == 0) {
            ok = parse_levels(v, o);
        } else if (strcmp(a, "--room-size") == 0) {
            ok = parse_int(v, 1, 16, &o->room_size);
        } else if (strcmp(a, "--period-ms") == 0) {
            ok = parse_int(v, 1, 3600000, &o->period_ms);
        } else if (strcmp(a, "--warmup") == 0) {
            ok = parse_seconds(v, &o->warmup_s);
        } else if (strcmp(a, "--seconds") == 0) {
            ok = parse_seconds(v, &o->seconds) && o->seconds > 0;
        } else if (strcmp(a, "--stop-p99-ms") == 0) {
            ok = parse_seconds(v, &o->stop_p99_ms);
        } else if (strcmp(a, "--server-pid") == 0) {
            ok = parse_pids(v, o);
        } else if (strcmp(a, "--wire") == 0) {
            if (strcmp(v, "botpit") == 0)
                o->wire = LG_WIRE_BOTPIT;
            else if (strcmp(v, "colyseus") == 0)
                o->wire = LG_WIRE_COLYSEUS;
            else
                ok = false;
        } else if (strcmp(a, "--games") == 0) {
            ok = parse_games(v, &o->games);
        } else if (strcmp(a, "--colyseus-room") == 0) {
            o->colyseus_room = v;
        } else if (strcmp(a, "--connect-rate") == 0) {
            ok = parse_int(v, 1, 1000000, &o->connect_rate);
        } else if (strcmp(a, "--max-pending") == 0) {
            ok = parse_int(v, 1, 100000, &o->max_pending);
        } else if (strcmp(a, "--per-process") == 0) {
            ok = parse_int(v, 1, 1000000, &o->per_process);
        } else if (strcmp(a, "--sources") == 0) {
            ok = parse_int(v, 1, 250, &o->sources);
        } else if (strcmp(a, "--setup-timeout") == 0) {
            ok = parse_seconds(v, &o->setup_timeout_s);
        } else {
            fprintf(err, "botpit-loadgen: unknown flag %s (--help)\n", a);
            return -1;
        }
        if (!ok) {
            fprintf(err, "botpit-loadgen: bad value for %s: %s (--help)\n", a, v);
            return -1;
        }
        if (takes)
            i++;
    }
    if (o->wire == LG_WIRE_COLYSEUS && o->scenario != LG_CHAT && o->scenario != LG_IDLE) {
        fprintf(err, "botpit-loadgen: the colyseus wire runs the chat and idle scenarios only\n");
        return -1;
    }
    if (!o->period_ms)
        o->period_ms = o->scenario == LG_IDLE ? 30000 : o->scenario == LG_CHURN ? 2000 : 1000;
    return 0;
}
