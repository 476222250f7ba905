/*
 * metrics.h: the process's counters, and the one writer of the Prometheus
 * text format (/metrics): every module that shows a number there writes it
 * with these functions.
 *
 * One instance of the counters for the whole server; only the loop thread
 * touches it.
 */
#ifndef BOTPIT_METRICS_H
#define BOTPIT_METRICS_H

#include <stdint.h>
#include <stdio.h>

typedef struct metrics {
    int64_t connections_open;
    int64_t queued_bytes;      /* bytes waiting in every session's send queue */
    uint64_t connections_total;
    uint64_t connections_refused;
    uint64_t messages_in, messages_out;
    uint64_t bytes_in, bytes_out;
    uint64_t ws_writes;        /* writes to WebSocket connections: one carries one or more messages */
    uint64_t http_requests;
    uint64_t inputs_accepted;  /* actions and ticks the engines took */
    uint64_t slow_disconnects; /* clients cut off for not reading */
    uint64_t loop_wakeups;     /* event loop iterations: how often the server woke */
} metrics;

extern metrics botpit_metrics;

/* Writes the counters above. */
void metrics_write(FILE *out);

/* One metric without labels: its HELP and TYPE lines and its value. */
void metrics_counter(FILE *out, const char *name, const char *help, uint64_t value);
void metrics_gauge(FILE *out, const char *name, const char *help, int64_t value);
/* A metric with labels: the HELP and TYPE lines once (type "counter" or
 * "gauge"), then a line per series; labels is `key="value",...`. */
void metrics_family(FILE *out, const char *name, const char *type, const char *help);
void metrics_series(FILE *out, const char *name, const char *labels, int64_t value);

#endif
