/*
 * roborally_gen.h: the parts of the build-time generator roborally_gen: roborally_gen.c (the
 * command line and the courses), roborally_gen_tables.c (the card, option and
 * beam tables and the draft timing of tables.json), both reading through
 * roborally_gen_read.c.
 */
#ifndef BOTPIT_RR_GEN_H
#define BOTPIT_RR_GEN_H

#include <jansson.h>
#include <stdio.h>

/* The file or datum being read, named by rr_gen_fail. */
extern const char *rr_gen_where;
/* Stops the build with a message naming rr_gen_where. */
void rr_gen_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* A member that must be a whole number, or a string. */
int rr_gen_int(json_t *o, const char *key);
const char *rr_gen_str(json_t *o, const char *key);

/* Checks tables.json (FORMAT.md, "Card tables") and writes it for `what`:
 * "c" (the engine), "web" (the browser's module) or "tui" (a header). */
void rr_gen_tables(const char *what, json_t *tables, FILE *out);

#endif
