/* ratings_tool.c: `botpit ratings --rebuild [--db FILE | --redis URL]`:
 * every rating computed again from the stored results (store/rating.h),
 * and whether the table came out the same as the one it replaced. */
#include "tools/ratings_tool.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <uv.h>

#include "store/rating.h"
#include "store/rconn.h"
#include "store/rstore.h"
#include "store/store.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: botpit ratings --rebuild [--db FILE | --redis URL]\n"
                 "  computes every rating and record again from the results stored in FILE\n"
                 "  (default botpit.db), in the order they were stored, and says whether the\n"
                 "  table is the same as before. A running server holds the database for a\n"
                 "  moment at a time: if it is busy, run it again (or stop the server first).\n"
                 "  With --redis, the same for the nodes of a distributed service, while they\n"
                 "  run: the new table is written in one step, and only if no game ended\n"
                 "  meanwhile (else it is computed again).\n");
}

/* Redis as a store for this command: the connection on loop, then the
 * store (both to close with close_redis, whatever happened); -1 with a
 * sentence in err. */
static int open_redis(uv_loop_t *loop, const char *url, rconn **conn, store **s, char *err,
                      size_t err_len)
{
    rconn_url ru;
    if (rconn_parse_url(url, &ru, err, err_len) < 0)
        return -1;
    *conn = rconn_new(loop, &ru);
    *s = *conn ? store_open_redis(*conn, "botpit-ratings") : NULL;
    if (!*s) {
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    if (rconn_open(*conn, err, err_len) < 0 ||
        rstore_check(store_redis(*s), true, err, err_len) < 0)
        return -1;
    return 0;
}

static void close_redis(uv_loop_t *loop, store *s, rconn *conn)
{
    if (conn)
        rconn_close(conn);
    uv_run(loop, UV_RUN_DEFAULT);
    store_close(s);
    uv_loop_close(loop);
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
        {"redis", required_argument, NULL, 'R'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "botpit.db", *redis = NULL;
    bool rebuild = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'r': rebuild = true; break;
        case 'd': db = optarg; break;
        case 'R': redis = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (!rebuild || optind < argc) {
        usage(stderr);
        return 2;
    }
    char err[1024];
    uv_loop_t loop;
    rconn *conn = NULL;
    if (redis && uv_loop_init(&loop) != 0) {
        fprintf(stderr, "botpit: cannot start an event loop\n");
        return 1;
    }
    store *s = NULL;
    if (redis ? open_redis(&loop, redis, &conn, &s, err, sizeof err) < 0
              : !(s = store_open(db, err, sizeof err))) {
        fprintf(stderr, "botpit: %s\n", err);
        if (redis)
            close_redis(&loop, s, conn);
        return 1;
    }
    if (redis) /* for the messages below */
        snprintf(err, sizeof err, "Redis at %s", rconn_where(conn));
    else
        snprintf(err, sizeof err, "%s", db);
    db = err;
    json_t *before = store_ratings_table(s);
    long results = -1;
    /* On Redis, games that end while it runs make it start again. */
    for (int tries = 0; before && results < 0 && tries < (redis ? 5 : 1); tries++)
        results = rating_rebuild(s);
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
    if (redis)
        close_redis(&loop, s, conn);
    else
        store_close(s);
    return rc;
}
