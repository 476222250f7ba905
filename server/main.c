/* main.c: flags, start-up, signals and a graceful stop; engine subcommands. */
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <uv.h>

#include "cluster/cluster.h"
#include "games/game.h"
#include "games/tool.h"
#include "lobby/ids.h"
#include "lobby/lobby.h"
#include "net/net.h"
#include "store/rconn.h"
#include "store/rstore.h"
#include "store/store.h"
#include "tools/bench_replay.h"
#include "tools/bench_replays.h"
#include "tools/bench_restore.h"
#include "tools/ratings_tool.h"
#include "util/log.h"
#include "util/metrics.h"

typedef struct server {
    uv_loop_t loop;
    uv_signal_t sigint, sigterm;
    uv_check_t wakeups; /* counts the loop's iterations (/metrics) */
    lobby *lobby;
    net *net;
    store *store;
    rconn *redis;      /* distributed mode */
    cluster *cluster;  /* distributed mode */
    bool stopping;
} server;

typedef struct options {
    net_config net;
    lobby_config lobby;
    const char *db;
    /* Distributed mode: */
    const char *redis;    /* --redis URL; NULL: the embedded SQLite store */
    const char *node_id;  /* default: the host name */
    const char *node_url; /* default: http://BIND:PORT */
    int node_ttl_s;
    bool redis_volatile;
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "botpit %s: a game server for robot board games.\n"
            "\n"
            "usage: botpit [flags]            run the server\n"
            "       botpit bench GAME [...]   run a game's benchmark\n"
            "       botpit bench restore      time restoring 1,000 rooms of 200 inputs\n"
            "       botpit bench replay       each game's replay digest (--check, --update,\n"
            "                                 --record: see botpit bench replay --help)\n"
            "       botpit bench replays      time opening and stepping a 400-input game's\n"
            "                                 replay, per game\n"
            "       botpit ratings --rebuild  every rating computed again from the results\n"
            "                                 (--db FILE)\n",
            BOTPIT_VERSION);
    for (int i = 0; game_tools[i]; i++) {
        for (const game_command *c = game_tools[i]->commands; c && c->name; c++)
            fprintf(out, "       botpit %s\n", c->usage);
    }
    fprintf(out,
            "\n"
            "flags:\n"
            "  --port N             HTTP and WebSocket port (default 8080)\n"
            "  --bind ADDR          address to listen on (default 0.0.0.0, every interface)\n"
            "  --web-root DIR       the browser client's files (default: the installed\n"
            "                       copy, or clients/web of the source tree)\n"
            "  --db FILE            the SQLite database of rooms, logs and results\n"
            "                       (default botpit.db in the current folder)\n"
            "  --log-level LEVEL    error, warn, info or debug (default info)\n"
            "  --max-connections N  WebSocket connections at once (default 10000)\n"
            "  --max-per-ip N       WebSocket connections from one address (default 64;\n"
            "                       an IPv6 address counts as its /64)\n"
            "  --max-rooms N        rooms at once (default 1000)\n"
            "  --grace S            seconds a disconnected player's seat is held, and an\n"
            "                       empty room kept (default 120)\n"
            "  --bot-pace-ms MS     a bot acts at most once per this many ms (default 800)\n"
            "  --bot-budget-ms MS   a thinking bot answers with its best so far after this\n"
            "                       many ms (default 1000)\n"
            "  --lone-room-grace S  a room nobody but its creator ever joined, or that\n"
            "                       everyone has left, closes S seconds after (default 30)\n"
            "  --max-spectators N   members watching one room at once (default 50; 0: rooms\n"
            "                       have seats only)\n"
            "  --guest-ttl S        a player who never joined a room is forgotten S seconds\n"
            "                       after leaving (default 600; it is never stored)\n"
            "  --link-ttl S         a code that carries a player to another device works\n"
            "                       for S seconds (default 600)\n"
            "quotas (0 turns one off; an IPv6 address counts as its /64):\n"
            "  --rooms-per-addr N   rooms with people in them, not over, created from one\n"
            "                       address (default 16)\n"
            "  --rooms-per-player N the same, created by one player (default 4)\n"
            "  --bots-per-addr N    bot seats in those rooms of one address (default 32)\n"
            "  --rooms-per-min N    rooms one address may create a minute (default 20)\n"
            "  --players-per-min N  new players one address may make a minute (default 30)\n"
            "  --joins-per-min N    join attempts a minute per address; a code that names\n"
            "                       no room costs 10 (default 60)\n"
            "  --resumes-per-min N  hellos with a known token (reconnections) a minute per\n"
            "                       address (default 120)\n"
            "  --room-chat N        chat lines one room carries in 10 s, all its members\n"
            "                       together; its spectators a fifth of it (default 50)\n"
            "  --replays-per-addr N replays of finished games open at once from one\n"
            "                       address (default 4)\n"
            "  --replays-per-min N  replays one address may open a minute (default 30)\n"
            "  --no-quotas          all of the above off (load tests from one machine)\n"
            "  --keepalive S        ping a silent connection after S seconds, hang up\n"
            "                       after 2.5 S (default 30)\n"
            "  --trust-proxy        take client addresses from X-Real-IP/X-Forwarded-For\n"
            "                       (only behind a reverse proxy you run)\n"
            "  --public-url URL     the address players open (https://botpit.example.org),\n"
            "                       for share links behind a proxy\n"
            "distributed mode (several botpit nodes acting as one service, through Redis):\n"
            "  --redis URL          redis://[:PASSWORD@]HOST[:PORT][/DB]: rooms, logs, players\n"
            "                       and results live in this Redis, shared by every node\n"
            "                       (instead of --db)\n"
            "  --node-id ID         this node's name among the nodes: letters, digits, . - _\n"
            "                       (default: the host name)\n"
            "  --node-url URL       the address clients reach this very node at\n"
            "                       (https://n1.botpit.example.org): a client that asks for a\n"
            "                       room another node holds is sent there (default:\n"
            "                       http://BIND:PORT)\n"
            "  --node-ttl S         a node silent this long is taken for dead and its rooms\n"
            "                       are claimed by the others (default 10)\n"
            "  --redis-volatile     accept a Redis without an append-only file (a restart of\n"
            "                       it loses every game)\n"
            "  --help, --version\n");
}

static int parse_int(const char *flag, const char *text, int min, int max, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < min || v > max) {
        fprintf(stderr, "botpit: %s wants a whole number from %d to %d, not \"%s\"\n", flag, min,
                max, text);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* The in-tree clients/web when running from the build tree, else the
 * installed copy. */
static const char *default_web_root(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        if (strncmp(exe, BOTPIT_BUILD_ROOT "/", strlen(BOTPIT_BUILD_ROOT) + 1) == 0)
            return BOTPIT_SOURCE_ROOT "/clients/web";
    }
    return BOTPIT_WEB_ROOT;
}

enum {
    OPT_PORT = 256,
    OPT_BIND,
    OPT_WEB_ROOT,
    OPT_LOG_LEVEL,
    OPT_MAX_CONNECTIONS,
    OPT_MAX_PER_IP,
    OPT_MAX_ROOMS,
    OPT_GRACE,
    OPT_BOT_PACE,
    OPT_BOT_BUDGET,
    OPT_LONE_ROOM_GRACE,
    OPT_GUEST_TTL,
    OPT_ROOMS_PER_ADDR,
    OPT_ROOMS_PER_PLAYER,
    OPT_BOTS_PER_ADDR,
    OPT_ROOMS_PER_MIN,
    OPT_PLAYERS_PER_MIN,
    OPT_JOINS_PER_MIN,
    OPT_RESUMES_PER_MIN,
    OPT_ROOM_CHAT,
    OPT_MAX_SPECTATORS,
    OPT_REPLAYS_PER_ADDR,
    OPT_REPLAYS_PER_MIN,
    OPT_NO_QUOTAS,
    OPT_KEEPALIVE,
    OPT_TRUST_PROXY,
    OPT_DB,
    OPT_PUBLIC_URL,
    OPT_LINK_TTL,
    OPT_REDIS,
    OPT_NODE_ID,
    OPT_NODE_URL,
    OPT_NODE_TTL,
    OPT_REDIS_VOLATILE,
    OPT_HELP,
    OPT_VERSION,
};

static const struct option long_options[] = {
    {"port", required_argument, NULL, OPT_PORT},
    {"bind", required_argument, NULL, OPT_BIND},
    {"web-root", required_argument, NULL, OPT_WEB_ROOT},
    {"log-level", required_argument, NULL, OPT_LOG_LEVEL},
    {"max-connections", required_argument, NULL, OPT_MAX_CONNECTIONS},
    {"max-per-ip", required_argument, NULL, OPT_MAX_PER_IP},
    {"max-rooms", required_argument, NULL, OPT_MAX_ROOMS},
    {"grace", required_argument, NULL, OPT_GRACE},
    {"bot-pace-ms", required_argument, NULL, OPT_BOT_PACE},
    {"bot-budget-ms", required_argument, NULL, OPT_BOT_BUDGET},
    {"lone-room-grace", required_argument, NULL, OPT_LONE_ROOM_GRACE},
    {"guest-ttl", required_argument, NULL, OPT_GUEST_TTL},
    {"rooms-per-addr", required_argument, NULL, OPT_ROOMS_PER_ADDR},
    {"rooms-per-player", required_argument, NULL, OPT_ROOMS_PER_PLAYER},
    {"bots-per-addr", required_argument, NULL, OPT_BOTS_PER_ADDR},
    {"rooms-per-min", required_argument, NULL, OPT_ROOMS_PER_MIN},
    {"players-per-min", required_argument, NULL, OPT_PLAYERS_PER_MIN},
    {"joins-per-min", required_argument, NULL, OPT_JOINS_PER_MIN},
    {"resumes-per-min", required_argument, NULL, OPT_RESUMES_PER_MIN},
    {"room-chat", required_argument, NULL, OPT_ROOM_CHAT},
    {"max-spectators", required_argument, NULL, OPT_MAX_SPECTATORS},
    {"replays-per-addr", required_argument, NULL, OPT_REPLAYS_PER_ADDR},
    {"replays-per-min", required_argument, NULL, OPT_REPLAYS_PER_MIN},
    {"no-quotas", no_argument, NULL, OPT_NO_QUOTAS},
    {"keepalive", required_argument, NULL, OPT_KEEPALIVE},
    {"trust-proxy", no_argument, NULL, OPT_TRUST_PROXY},
    {"db", required_argument, NULL, OPT_DB},
    {"public-url", required_argument, NULL, OPT_PUBLIC_URL},
    {"link-ttl", required_argument, NULL, OPT_LINK_TTL},
    {"redis", required_argument, NULL, OPT_REDIS},
    {"node-id", required_argument, NULL, OPT_NODE_ID},
    {"node-url", required_argument, NULL, OPT_NODE_URL},
    {"node-ttl", required_argument, NULL, OPT_NODE_TTL},
    {"redis-volatile", no_argument, NULL, OPT_REDIS_VOLATILE},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static bool valid_node_id(const char *id)
{
    size_t n = strlen(id);
    if (n < 1 || n > RSTORE_NODE_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = id[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                  ch == '.' || ch == '-' || ch == '_';
        if (!ok)
            return false;
    }
    return true;
}

/* Returns 0 to run, 1 to exit successfully (help, version), -1 on bad flags. */
static int parse_flags(int argc, char **argv, options *o)
{
    net_config *nc = &o->net;
    lobby_config *lc = &o->lobby;
    int opt, v;
    while ((opt = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        int rc = 0;
        switch (opt) {
        case OPT_PORT: rc = parse_int("--port", optarg, 0, 65535, &nc->port); break;
        case OPT_BIND: nc->bind = optarg; break;
        case OPT_WEB_ROOT: nc->web_root = optarg; break;
        case OPT_LOG_LEVEL:
            v = log_level_from_name(optarg);
            if (v < 0) {
                fprintf(stderr, "botpit: --log-level is error, warn, info or debug\n");
                return -1;
            }
            log_set_level((log_level)v);
            break;
        case OPT_MAX_CONNECTIONS:
            rc = parse_int("--max-connections", optarg, 1, 1000000, &nc->max_connections);
            break;
        case OPT_MAX_PER_IP: rc = parse_int("--max-per-ip", optarg, 1, 1000000, &nc->max_per_ip); break;
        case OPT_MAX_ROOMS: rc = parse_int("--max-rooms", optarg, 1, 1000000, &lc->max_rooms); break;
        case OPT_GRACE:
            rc = parse_int("--grace", optarg, 1, 86400, &v);
            lc->grace_ms = lc->room_grace_ms = v * 1000;
            break;
        case OPT_BOT_PACE: rc = parse_int("--bot-pace-ms", optarg, 0, 60000, &lc->bot_pace_ms); break;
        case OPT_BOT_BUDGET:
            rc = parse_int("--bot-budget-ms", optarg, 10, 600000, &lc->bot_budget_ms);
            break;
        case OPT_LONE_ROOM_GRACE:
            rc = parse_int("--lone-room-grace", optarg, 1, 86400, &v);
            lc->lone_room_grace_ms = v * 1000;
            break;
        case OPT_LINK_TTL:
            rc = parse_int("--link-ttl", optarg, 1, 86400, &v);
            lc->link_ttl_ms = v * 1000;
            break;
        case OPT_GUEST_TTL:
            rc = parse_int("--guest-ttl", optarg, 1, 86400, &v);
            lc->guest_ttl_ms = v * 1000;
            break;
        case OPT_ROOMS_PER_ADDR:
            rc = parse_int("--rooms-per-addr", optarg, 0, 1000000, &lc->rooms_per_addr);
            break;
        case OPT_ROOMS_PER_PLAYER:
            rc = parse_int("--rooms-per-player", optarg, 0, 1000000, &lc->rooms_per_player);
            break;
        case OPT_BOTS_PER_ADDR:
            rc = parse_int("--bots-per-addr", optarg, 0, 1000000, &lc->bots_per_addr);
            break;
        case OPT_ROOMS_PER_MIN:
            rc = parse_int("--rooms-per-min", optarg, 0, 1000000, &lc->rooms_per_min);
            break;
        case OPT_PLAYERS_PER_MIN:
            rc = parse_int("--players-per-min", optarg, 0, 1000000, &lc->players_per_min);
            break;
        case OPT_JOINS_PER_MIN:
            rc = parse_int("--joins-per-min", optarg, 0, 1000000, &lc->joins_per_min);
            break;
        case OPT_RESUMES_PER_MIN:
            rc = parse_int("--resumes-per-min", optarg, 0, 1000000, &lc->resumes_per_min);
            break;
        case OPT_ROOM_CHAT:
            rc = parse_int("--room-chat", optarg, 0, 1000000, &lc->room_chat_per_10s);
            break;
        case OPT_MAX_SPECTATORS:
            rc = parse_int("--max-spectators", optarg, 0, 1000000, &lc->max_spectators);
            break;
        case OPT_REPLAYS_PER_ADDR:
            rc = parse_int("--replays-per-addr", optarg, 0, 1000000, &lc->replays_per_addr);
            break;
        case OPT_REPLAYS_PER_MIN:
            rc = parse_int("--replays-per-min", optarg, 0, 1000000, &lc->replays_per_min);
            break;
        case OPT_NO_QUOTAS:
            lc->rooms_per_addr = lc->rooms_per_player = lc->bots_per_addr = 0;
            lc->rooms_per_min = lc->players_per_min = lc->joins_per_min = 0;
            lc->resumes_per_min = lc->room_chat_per_10s = 0;
            lc->replays_per_addr = lc->replays_per_min = 0;
            break;
        case OPT_KEEPALIVE: rc = parse_int("--keepalive", optarg, 1, 3600, &nc->keepalive_s); break;
        case OPT_TRUST_PROXY: nc->trust_proxy = true; break;
        case OPT_DB: o->db = optarg; break;
        case OPT_PUBLIC_URL:
            if (strncmp(optarg, "http://", 7) != 0 && strncmp(optarg, "https://", 8) != 0) {
                fprintf(stderr, "botpit: --public-url is an http:// or https:// address\n");
                return -1;
            }
            lc->public_url = optarg;
            break;
        case OPT_REDIS: o->redis = optarg; break;
        case OPT_NODE_ID:
            if (!valid_node_id(optarg)) {
                fprintf(stderr, "botpit: --node-id is 1 to %d letters, digits, '.', '-' or '_', "
                                "not \"%s\"\n",
                        RSTORE_NODE_MAX, optarg);
                return -1;
            }
            o->node_id = optarg;
            break;
        case OPT_NODE_URL:
            if (strncmp(optarg, "http://", 7) != 0 && strncmp(optarg, "https://", 8) != 0) {
                fprintf(stderr, "botpit: --node-url is an http:// or https:// address\n");
                return -1;
            }
            o->node_url = optarg;
            break;
        case OPT_NODE_TTL: rc = parse_int("--node-ttl", optarg, 1, 3600, &o->node_ttl_s); break;
        case OPT_REDIS_VOLATILE: o->redis_volatile = true; break;
        case OPT_HELP: usage(stdout); return 1;
        case OPT_VERSION: printf("botpit %s\n", BOTPIT_VERSION); return 1;
        default: usage(stderr); return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (optind < argc) {
        fprintf(stderr, "botpit: unexpected argument \"%s\" (see botpit --help)\n", argv[optind]);
        return -1;
    }
    if (!nc->web_root)
        nc->web_root = default_web_root();
    if (!o->redis && (o->node_id || o->node_url || o->redis_volatile)) {
        fprintf(stderr, "botpit: --node-id, --node-url and --redis-volatile go with --redis\n");
        return -1;
    }
    return 0;
}

/* Sockets are file descriptors: allow as many as the hard limit lets us. */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

/* One address of the start-up banner, and whose it is. */
typedef struct banner_line {
    char url[96];
    char who[96];
} banner_line;

enum { BANNER_LINES = 16 };

/* The addresses this server answers on: the public one, this machine,
 * each network interface. Returns how many were written to out. */
static int banner_lines(const net_config *nc, const char *public_url, int port,
                        banner_line out[BANNER_LINES])
{
    int n = 0;
    if (public_url) {
        snprintf(out[n].url, sizeof out[n].url, "%s", public_url);
        snprintf(out[n].who, sizeof out[n].who, "(the public address)");
        n++;
    }
    if (strcmp(nc->bind, "0.0.0.0") != 0) {
        snprintf(out[n].url, sizeof out[n].url, "http://%s:%d/", nc->bind, port);
        out[n].who[0] = '\0';
        return n + 1;
    }
    snprintf(out[n].url, sizeof out[n].url, "http://localhost:%d/", port);
    snprintf(out[n].who, sizeof out[n].who, "(this machine)");
    n++;
    uv_interface_address_t *ifs;
    int count;
    if (uv_interface_addresses(&ifs, &count) != 0)
        return n;
    for (int i = 0; i < count && n < BANNER_LINES; i++) {
        char ip[64];
        if (ifs[i].is_internal || ifs[i].address.address4.sin_family != AF_INET)
            continue;
        uv_ip4_name(&ifs[i].address.address4, ip, sizeof ip);
        snprintf(out[n].url, sizeof out[n].url, "http://%s:%d/", ip, port);
        snprintf(out[n].who, sizeof out[n].who, "(friends on your network: %.40s)",
                 ifs[i].name);
        n++;
    }
    uv_free_interface_addresses(ifs, count);
    return n;
}

/* The banner, its "whose" words in one column. */
static void print_urls(const net_config *nc, const char *public_url, int port)
{
    banner_line lines[BANNER_LINES];
    int n = banner_lines(nc, public_url, port, lines), width = 0;
    for (int i = 0; i < n; i++)
        if ((int)strlen(lines[i].url) > width)
            width = (int)strlen(lines[i].url);
    printf("Botpit %s is running. Open it in a browser:\n", BOTPIT_VERSION);
    for (int i = 0; i < n; i++) {
        if (lines[i].who[0])
            printf("  %-*s   %s\n", width, lines[i].url, lines[i].who);
        else
            printf("  %s\n", lines[i].url);
    }
    printf("Press Ctrl-C to stop.\n");
    fflush(stdout);
}

static void close_handle(uv_handle_t *h, void *arg)
{
    (void)arg;
    if (!uv_is_closing(h))
        uv_close(h, NULL);
}

/* The network is down and lws is closing its handles: close ours too, so
 * the loop runs dry. */
static void network_stopped(void *arg)
{
    server *s = arg;
    lobby_save_clocks(s->lobby); /* timers resume where they were */
    lobby_free(s->lobby);
    s->lobby = NULL;
    if (s->cluster) {
        cluster_free(s->cluster);
        s->cluster = NULL;
        rconn_close(s->redis); /* once the last writes are answered */
    }
    uv_close((uv_handle_t *)&s->sigint, NULL);
    uv_close((uv_handle_t *)&s->sigterm, NULL);
    uv_close((uv_handle_t *)&s->wakeups, NULL);
}

/* Distributed mode: the node's liveness key is gone, its rooms handed
 * over: the network stops as it does alone. */
static void cluster_stopped(void *arg)
{
    server *s = arg;
    net_shutdown(s->net, network_stopped, s);
}

static void rooms_handed(void *arg)
{
    server *s = arg;
    cluster_stop(s->cluster, cluster_stopped, s);
}

static void on_signal(uv_signal_t *h, int signum)
{
    server *s = h->data;
    if (s->stopping)
        return;
    s->stopping = true;
    log_info("signal %d: stopping", signum);
    if (s->cluster) { /* a rolling upgrade: the other nodes take the rooms first */
        lobby_hand_over(s->lobby, rooms_handed, s);
        return;
    }
    net_shutdown(s->net, network_stopped, s);
}

/* Opens the database and brings back the rooms it holds. */
static int open_store(server *s, const char *path)
{
    char err[512];
    s->store = store_open(path, err, sizeof err);
    if (!s->store) {
        fprintf(stderr, "botpit: %s\n", err);
        return -1;
    }
    lobby_set_store(s->lobby, s->store);
    int rooms = 0, broken = 0;
    if (lobby_restore(s->lobby, &rooms, &broken) < 0) {
        fprintf(stderr, "botpit: the database %s could not be read (see the log)\n", path);
        return -1;
    }
    if (rooms)
        printf("Restored %d rooms from %s\n", rooms, path);
    if (broken)
        printf("%d rooms of %s could not be restored exactly and are kept aside in it "
               "(see the log)\n",
               broken, path);
    return 0;
}

/* Another process took this node's id while it was presumed dead: it must
 * not write anything more. */
static void usurped(void *arg)
{
    (void)arg;
    fprintf(stderr, "botpit: another process runs as this node now (see the log); stopping\n");
    exit(1);
}

/* The node's own address, for `moved`: --node-url, else http://BIND:PORT
 * (the host name when listening on every interface). */
static int node_url(const options *o, char *out, size_t len)
{
    if (o->node_url) {
        snprintf(out, len, "%s", o->node_url);
        return 0;
    }
    if (!o->net.port) {
        fprintf(stderr, "botpit: with --port 0, give this node's address with --node-url\n");
        return -1;
    }
    char host[256] = "localhost";
    if (strcmp(o->net.bind, "0.0.0.0") != 0)
        snprintf(host, sizeof host, "%s", o->net.bind);
    else
        gethostname(host, sizeof host);
    snprintf(out, len, "http://%s:%d", host, o->net.port);
    return 0;
}

/* Distributed mode: connects to Redis, checks it keeps its data, takes
 * the node's id, and brings back the rooms this node owns. Each fault is
 * one line on stderr. */
static int open_cluster(server *s, const options *o)
{
    char err[1024], url[512], host[256] = "";
    rconn_url ru;
    if (rconn_parse_url(o->redis, &ru, err, sizeof err) < 0) {
        fprintf(stderr, "botpit: %s\n", err);
        return -1;
    }
    const char *id = o->node_id;
    if (!id) {
        gethostname(host, sizeof host);
        host[RSTORE_NODE_MAX] = '\0';
        if (!valid_node_id(host)) {
            fprintf(stderr, "botpit: the host name \"%s\" cannot be a node id: give one with "
                            "--node-id\n",
                    host);
            return -1;
        }
        id = host;
    }
    if (node_url(o, url, sizeof url) < 0)
        return -1;
    s->redis = rconn_new(&s->loop, &ru);
    s->store = s->redis ? store_open_redis(s->redis, id) : NULL;
    cluster_hooks hooks;
    lobby_cluster_hooks(s->lobby, &hooks);
    hooks.usurped = usurped;
    cluster_config cc = {id, url, (o->node_ttl_s ? o->node_ttl_s : 10) * 1000};
    s->cluster = s->store ? cluster_new(&s->loop, s->redis, s->store, &cc, &hooks) : NULL;
    if (!s->cluster) {
        fprintf(stderr, "botpit: out of memory\n");
        return -1;
    }
    if (rconn_open(s->redis, err, sizeof err) < 0 ||
        rstore_check(store_redis(s->store), o->redis_volatile, err, sizeof err) < 0 ||
        cluster_start(s->cluster, err, sizeof err) < 0) {
        fprintf(stderr, "botpit: %s\n", err);
        return -1;
    }
    lobby_set_store(s->lobby, s->store);
    int rooms = 0, broken = 0;
    if (lobby_restore(s->lobby, &rooms, &broken) < 0) {
        fprintf(stderr, "botpit: the rooms of node %s could not be read from Redis at %s\n", id,
                rconn_where(s->redis));
        return -1;
    }
    lobby_set_cluster(s->lobby, s->cluster);
    printf("Node %s (%s) on Redis at %s\n", id, url, rconn_where(s->redis));
    if (rooms)
        printf("Restored %d rooms of node %s\n", rooms, id);
    if (broken)
        printf("%d rooms of node %s could not be restored exactly and are kept aside (see the "
               "log)\n",
               broken, id);
    return 0;
}

/* Stops whatever was started before a start-up failure. */
static int abandon_start(server *s)
{
    if (s->lobby)
        lobby_free(s->lobby);
    if (s->cluster)
        cluster_free(s->cluster);
    if (s->redis)
        rconn_close(s->redis);
    uv_close((uv_handle_t *)&s->wakeups, NULL);
    uv_run(&s->loop, UV_RUN_DEFAULT);
    uv_loop_close(&s->loop);
    store_close(s->store);
    return 1;
}

static void woke(uv_check_t *h)
{
    (void)h;
    botpit_metrics.loop_wakeups++;
}

/* Counts every iteration of the loop: a check handle runs once after each
 * poll, and neither wakes the loop nor keeps it alive. */
static void count_wakeups(server *s)
{
    uv_check_init(&s->loop, &s->wakeups);
    uv_check_start(&s->wakeups, woke);
    uv_unref((uv_handle_t *)&s->wakeups);
}

static int run_server(int argc, char **argv)
{
    options o = {.net = net_config_defaults(), .lobby = lobby_config_defaults(), .db = "botpit.db"};
    int rc = parse_flags(argc, argv, &o);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    raise_fd_limit();
    signal(SIGPIPE, SIG_IGN);
    /* A database that reaches a file size limit is a failed write, which the
     * store reports and survives, not a reason to die. */
    signal(SIGXFSZ, SIG_IGN);

#ifdef BOTPIT_TEST_HOOKS
    /* Tests of code collisions across nodes: a tiny code space. */
    const char *space = getenv("BOTPIT_TEST_CODE_SPACE");
    if (space)
        ids_set_code_space(atoi(space));
#endif
    server s = {0};
    uv_loop_init(&s.loop);
    count_wakeups(&s);
    s.lobby = lobby_new(&s.loop, &o.lobby);
    if (!s.lobby || (o.redis ? open_cluster(&s, &o) : open_store(&s, o.db)) < 0)
        return abandon_start(&s);
    char err[256];
    s.net = net_new(&s.loop, s.lobby, &o.net, err, sizeof err);
    if (!s.net) {
        fprintf(stderr, "botpit: %s\n", err);
        return abandon_start(&s);
    }
    uv_signal_init(&s.loop, &s.sigint);
    uv_signal_init(&s.loop, &s.sigterm);
    s.sigint.data = s.sigterm.data = &s;
    uv_signal_start(&s.sigint, on_signal, SIGINT);
    uv_signal_start(&s.sigterm, on_signal, SIGTERM);
    log_info("listening on %s:%d, serving %s, %s %s", o.net.bind, net_port(s.net),
             o.net.web_root, o.redis ? "redis" : "database", o.redis ? rconn_where(s.redis) : o.db);
    print_urls(&o.net, o.lobby.public_url, net_port(s.net));

    uv_run(&s.loop, UV_RUN_DEFAULT);
    net_free(s.net);
    /* Anything still open now is a leak of ours: close it and say so. */
    if (uv_loop_close(&s.loop) == UV_EBUSY) {
        log_warn("handles were still open at exit");
        uv_walk(&s.loop, close_handle, NULL);
        uv_run(&s.loop, UV_RUN_DEFAULT);
        uv_loop_close(&s.loop);
    }
    store_close(s.store);
    log_info("stopped");
    return 0;
}

static int run_bench(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "restore") == 0)
        return bench_restore_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "replay") == 0)
        return bench_replay_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "replays") == 0)
        return bench_replays_main(argc - 1, argv + 1);
    if (argc < 2) {
        fprintf(stderr,
                "usage: botpit bench restore|replay|replays|GAME [flags]; games with a benchmark:");
        for (int i = 0; game_tools[i]; i++) {
            if (game_tools[i]->bench)
                fprintf(stderr, " %s", game_tools[i]->engine);
        }
        fprintf(stderr, "\n");
        return 2;
    }
    const game_tool *t = game_tool_find(argv[1]);
    if (!t || !t->bench) {
        fprintf(stderr, "botpit: no benchmark for \"%s\"\n", argv[1]);
        return 2;
    }
    return t->bench(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "bench") == 0)
        return run_bench(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "ratings") == 0)
        return ratings_main(argc - 1, argv + 1);
    for (int i = 0; argc > 1 && game_tools[i]; i++) {
        for (const game_command *c = game_tools[i]->commands; c && c->name; c++) {
            if (strcmp(argv[1], c->name) == 0)
                return c->main(argc - 1, argv + 1);
        }
    }
    if (argc > 1 && argv[1][0] != '-') {
        fprintf(stderr, "botpit: no command \"%s\" (see botpit --help)\n", argv[1]);
        return 2;
    }
    return run_server(argc, argv);
}
