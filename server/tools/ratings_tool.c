/* ratings_tool.c: `botpit ratings --rebuild [--db FILE]`: every rating
 * computed again from the stored results (store/rating.h), and whether the
 * table came out the same as the one it replaced. */
#include "tools/ratings_tool.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "store/rating.h"
#include "store/store.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: botpit ratings --rebuild [--db FILE]\n"
                 "  computes every rating and record again from the results stored in FILE\n"
                 "  (default botpit.db), in the order they were stored, and says whether the\n"
                 "  table is the same as before. A running server holds the database for a\n"
                 "  moment at a time: if it is busy, run it again (or stop the server first).\n");
}

/* How many rows of one list differ between before and after (rows are in a
 * fixed order; a missing row counts). */
static size_t rows_differing(const json_t *before, const json_t *after)
{
    size_t nb = json_array_size(before), na = json_array_size(after);
    size_t n = nb > na ? nb : na, differ = 0;
    for (size_t i = 0; i < n; i++)
        differ += !json_equal(json_array_get(before, i), json_array_get(after, i));
    return differ;
}

int ratings_main(int argc, char **argv)
{
    static const struct option longs[] = {
        {"rebuild", no_argument, NULL, 'r'},
        {"db", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "botpit.db";
    bool rebuild = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'r': rebuild = true; break;
        case 'd': db = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (!rebuild || optind < argc) {
        usage(stderr);
        return 2;
    }
    char err[512];
    store *s = store_open(db, err, sizeof err);
    if (!s) {
        fprintf(stderr, "botpit: %s\n", err);
        return 1;
    }
    json_t *before = store_ratings_table(s);
    long results = before ? rating_rebuild(s) : -1;
    json_t *after = results >= 0 ? store_ratings_table(s) : NULL;
    int rc = 0;
    if (!after) {
        fprintf(stderr, "botpit: the ratings of %s could not be computed again (see the log); "
                        "nothing changed\n", db);
        rc = 1;
    } else {
        size_t standings = rows_differing(json_object_get(before, "standings"),
                                          json_object_get(after, "standings"));
        size_t changes = rows_differing(json_object_get(before, "changes"),
                                        json_object_get(after, "changes"));
        printf("rebuilt the ratings of %s from %ld results: %zu standings, %zu rating changes; ",
               db, results, json_array_size(json_object_get(after, "standings")),
               json_array_size(json_object_get(after, "changes")));
        if (!standings && !changes)
            printf("the same table as before\n");
        else
            printf("%zu standings and %zu changes differ from the table before\n", standings,
                   changes);
    }
    json_decref(before);
    json_decref(after);
    store_close(s);
    return rc;
}
