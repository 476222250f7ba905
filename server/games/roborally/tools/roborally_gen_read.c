/*
 * roborally_gen_read.c: what both parts of the generator read data with: the
 * datum being read, the stop that names it, and checked members.
 */
#include "roborally_gen.h"

#include <stdarg.h>
#include <stdlib.h>

const char *rr_gen_where = "";

void rr_gen_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "roborally_gen: %s: ", rr_gen_where);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

int rr_gen_int(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v))
        rr_gen_fail("%s is not a whole number", key);
    return (int)json_integer_value(v);
}

const char *rr_gen_str(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    if (!s)
        rr_gen_fail("%s is missing", key);
    return s;
}
