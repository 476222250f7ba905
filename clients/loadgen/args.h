/*
 * args.h: botpit-loadgen's command line.
 */
#ifndef BOTPIT_LOADGEN_ARGS_H
#define BOTPIT_LOADGEN_ARGS_H

#include <stdio.h>

#include "lg.h"

/* Fills o from argv. Returns 0 to run, 1 after printing help (exit 0), or
 * -1 after printing what is wrong to err (exit 2). */
int args_parse(int argc, char **argv, lg_opts *o, FILE *err);
void args_usage(FILE *out);

#endif
