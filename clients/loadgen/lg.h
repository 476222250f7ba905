/*
 * lg.h: what the parts of botpit-loadgen share: the options of a run, the
 * scenarios, and the figures a worker process reports for one level.
 *
 * A run is a list of levels (numbers of clients). For each level the parent
 * forks workers, each holding its share of the clients on its own epoll
 * loop (a process may hold only so many open files), waits until every
 * worker has its clients set up, tells them all when to start, reads the
 * server's CPU and memory from /proc around the measured window, and merges
 * what the workers report into one line of figures.
 */
#ifndef BOTPIT_LOADGEN_LG_H
#define BOTPIT_LOADGEN_LG_H

#include <stdbool.h>
#include <stdint.h>

#include "hist.h"

#define LG_MAX_LEVELS 32
#define LG_MAX_HOSTS 16

typedef enum lg_scenario {
    LG_IDLE,      /* connected, said hello, then a ping every period */
    LG_CHAT,      /* rooms of N, one chat per period each, the room receives it */
    LG_PLAY,      /* one client per room with bots, every game in turn */
    LG_CHURN,     /* rooms of N, each client leaves and joins again every period */
    LG_RECONNECT, /* rooms of N; everyone drops at once and resumes with its token */
} lg_scenario;

/* The games of the play scenario: every engine of the registry, in its
 * order, each with its play.json (server/games/<id>/play.json), generated
 * into lg_games.c at build time; the room options come from the file's
 * "loadgen" object. The client plays the games it knows itself (botpit.c:
 * ricochet bids and gives up, MANOOVER takes the first legal move) and
 * watches two bots play the others. At most 32 (opts.games is a mask). */
typedef struct lg_game {
    const char *id;
    const char *play; /* the text of its play.json */
} lg_game;
extern const lg_game lg_games[];
extern const int lg_game_count;

/* Whether the client plays game g itself (botpit.c). */
bool lg_play_knows(int g);

typedef enum lg_wire {
    LG_WIRE_BOTPIT,   /* protocol/PROTOCOL.md */
    LG_WIRE_COLYSEUS, /* Colyseus 0.16+: HTTP matchmaking, then its binary framing */
} lg_wire;

typedef struct lg_opts {
    /* Each worker process goes to one of these in turn (the nodes of a
     * distributed server): a room's clients are always on one. */
    const char *hosts[LG_MAX_HOSTS];
    int n_hosts;
    int port;
    const char *path; /* the WebSocket's path (Botpit: /ws) */
    lg_scenario scenario;
    lg_wire wire;
    const char *colyseus_room; /* the room name the Colyseus server defines */
    /* play: the games to spread the rooms over, as bits of lg_games' indexes */
    unsigned games;
    int levels[LG_MAX_LEVELS];
    int n_levels;
    int room_size;
    int period_ms;
    double warmup_s, seconds;
    int connect_rate;   /* new connections a second, over all workers */
    int max_pending;    /* connections being set up at once, per worker */
    int per_process;    /* clients per worker process */
    int sources;        /* source addresses 127.0.0.1..N; 0: as needed */
    double setup_timeout_s;
    double stop_p99_ms; /* 0: run every level */
    int server_pids[LG_MAX_HOSTS]; /* none: no server figures; several are summed */
    int n_server_pids;
    bool no_header;     /* rows only */
    bool header_only;   /* the header only, no run */
    bool verbose;
} lg_opts;

/* What one worker saw in one level. Written down a pipe as it is. */
typedef struct lg_result {
    hist lat;                  /* in the measured window */
    uint64_t delivered;        /* messages received in the window */
    uint64_t sent;             /* messages sent in the window */
    uint64_t errors;           /* error replies, failed connects and refused set-ups, all level */
    uint64_t disconnects;      /* connections the server closed or lost */
    uint32_t clients, ready;   /* clients, and those that finished setting up */
    double setup_s;            /* connect and set-up time */
    double cpu_s;              /* this worker's CPU seconds in the window */
    double wait_s;             /* and its seconds waiting for a CPU */
    double rss_mb;             /* its resident memory at the window's end */
    /* reconnect */
    double resume_s;           /* drop to the last client resumed; -1: not all did */
    uint32_t resumed, seats_lost;
    /* play */
    uint32_t games_over;
    char first_error[160];     /* the first error seen, for the log */
} lg_result;

/* Monotonic microseconds (shared by every process on the machine). */
int64_t lg_now_us(void);

const char *lg_scenario_name(lg_scenario s);

#endif
