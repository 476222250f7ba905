/*
 * metrics.h: the process's counters, shown at /metrics (Prometheus text).
 * One instance for the whole server; only the loop thread touches it.
 */
#ifndef BOTPIT_METRICS_H
#define BOTPIT_METRICS_H

#include <stdint.h>
#include <stdio.h>

#include "proto.h"

typedef struct metrics {
    int64_t connections_open;
    int64_t queued_bytes;      /* bytes waiting in every session's send queue */
    uint64_t connections_total;
    uint64_t connections_refused;
    uint64_t messages_in, messages_out;
    uint64_t bytes_in, bytes_out;
    uint64_t http_requests;
    uint64_t inputs_accepted;  /* actions and ticks the engines took */
    uint64_t slow_disconnects; /* clients cut off for not reading */
    uint64_t store_errors;     /* writes the database refused */
    uint64_t errors[PROTO_CODE_COUNT];
} metrics;

extern metrics botpit_metrics;

/* Writes the counters above in Prometheus text format. */
void metrics_write(FILE *out);

#endif
