/*
 * report.h: one level's figures, merged from the workers, as a table row
 * and a JSON line.
 */
#ifndef BOTPIT_LOADGEN_REPORT_H
#define BOTPIT_LOADGEN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "lg.h"

typedef struct report_level {
    const lg_opts *o;
    int clients, workers;
    lg_result sum;        /* merged: counts added, latency merged, setup the slowest */
    double window_s;      /* the measured window as the parent timed it */
    bool server_known;
    double server_cpu_pct, server_rss_mb, server_wait_pct;
} report_level;

/* Adds one worker's result into r->sum. */
void report_merge(report_level *r, const lg_result *w);
/* The 99th percentile in ms, for the ladder's stop rule. */
double report_p99_ms(const report_level *r);
void report_header(FILE *out);
void report_row(FILE *out, const report_level *r);
void report_json(FILE *out, const report_level *r);

#endif
