/*
 * worker.h: one worker process's share of a level: its clients, their
 * connections on one loop, the pace of connecting, the clock of the run,
 * and the figures it reports to the parent.
 *
 * The worker is the same for every wire protocol; what a client says and
 * how it reads the answers is a wire's (botpit.c, colyseus.c), which call
 * back into the worker_* functions below to report progress and samples.
 *
 * Its life, told by the parent over two pipes: set every client up (connect
 * at the paced rate, then the wire's set-up: hello, rooms), report 'R';
 * wait for the start time; run the scenario (each client ticks once a
 * period, the periods' phases spread evenly over all clients of the level);
 * warm up, measure, report 'D' with its lg_result; wait for 'Q', exit.
 */
#ifndef BOTPIT_LOADGEN_WORKER_H
#define BOTPIT_LOADGEN_WORKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lg.h"
#include "ws.h"

typedef enum lg_phase {
    CL_QUEUED,     /* waiting for its turn to connect */
    CL_CONNECTING, /* connect and upgrade under way */
    CL_SETUP,      /* connected; the wire's set-up steps under way */
    CL_READY,      /* set up: ticks go to it */
    CL_FAILED,     /* gone for good */
} lg_phase;

typedef struct lg_worker lg_worker;

typedef struct lg_client {
    lg_worker *w;
    ws_conn *conn;
    uint32_t index;  /* in the whole level */
    uint32_t local;  /* in this worker */
    uint32_t group;  /* this worker's room group */
    uint8_t phase;   /* lg_phase */
    uint8_t step;    /* the wire's own set-up or scenario step */
    uint8_t game;    /* play: which game this client's room plays */
    bool pending;    /* counted among the connections being set up */
    bool resuming;   /* reconnect: dropped, coming back with its token */
    bool counted_ready;
    uint32_t next_id;
    uint32_t req_id; /* the request being timed (0: none) */
    int64_t req_at;
    int64_t dropped_at;
    int32_t round;   /* play: the round or turn last acted in */
    char token[33];
    char room[24];   /* Botpit room code, or Colyseus room id */
    char session[24];/* Colyseus session id */
    char process[40];/* Colyseus process id */
} lg_client;

/* A room's members are consecutive clients of one worker. */
typedef struct lg_group {
    char code[24];
    char process[40];
    uint32_t first, size;
    bool known; /* the code is known: members may join */
} lg_group;

typedef struct lg_wire_ops {
    void (*start)(lg_client *c); /* connect (c->phase is CL_CONNECTING) */
    void (*open)(lg_client *c);
    void (*message)(lg_client *c, int op, const char *data, size_t len);
    /* The connection ended; the worker has counted the disconnect. */
    void (*closed)(lg_client *c, int code);
    void (*tick)(lg_client *c, int64_t now_us);
    /* A room's code became known: its waiting members may join. */
    void (*group_known)(lg_worker *w, lg_group *g);
} lg_wire_ops;

extern const lg_wire_ops lg_botpit_wire;
extern const lg_wire_ops lg_colyseus_wire;

struct lg_worker {
    const lg_opts *o;
    const lg_wire_ops *wire;
    ws_loop *loop;
    lg_client *clients;
    uint32_t count, first_index, total;
    lg_group *groups;
    uint32_t n_groups;
    uint32_t *queue; /* ring of local indices waiting to connect */
    uint32_t q_head, q_len;
    uint32_t pending;
    int64_t pace_from;
    uint64_t paced;
    uint32_t ready, failed;
    int64_t setup_started;
    int64_t go_at, window_at, end_at;
    bool running, measuring, storm_done;
    uint32_t tick_next;
    uint64_t tick_round;
    double cpu_at_window, wait_at_window;
    int ctl_fd, rep_fd;
    bool quit, ended;
    lg_result res;
};

/* Runs one worker's share (clients first..first+count-1 of total) and
 * returns its exit status. */
int worker_main(const lg_opts *o, int index, uint32_t first, uint32_t count, uint32_t total,
                int ctl_fd, int rep_fd);

/* ---- for the wires ---- */

/* The client finished setting up (or resumed). */
void worker_ready(lg_client *c);
/* The client cannot go on (a refused set-up step, a connection that
 * failed): counted as an error. */
void worker_fail(lg_client *c, const char *why);
/* An error reply or other fault that does not end the client. */
void worker_error(lg_client *c, const char *why);
/* A latency sample measured from `since` (us) to now, if in the window. */
void worker_sample(lg_client *c, int64_t since_us);
/* Sends one message; counted when in the window. */
bool worker_send(lg_client *c, int op, const char *data, size_t len);
/* Puts a client back in the connect queue (reconnect storms). */
void worker_requeue(lg_client *c);
/* A game finished (play). */
void worker_game_over(lg_client *c);
/* Whether now is in the measured window. */
bool worker_measuring(const lg_worker *w);
/* Starts a timed request: the reply with this id is sampled. */
uint32_t worker_timed_id(lg_client *c);
/* The group of a client and whether it is the group's first (its host). */
lg_group *worker_group(lg_client *c);
bool worker_is_host(const lg_client *c);

#endif
