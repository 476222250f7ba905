/* main.c: botpit-tui, the terminal client. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "args.h"

int main(int argc, char **argv)
{
    args opts;
    char why[400];
    if (args_parse(argc, argv, &opts, why, sizeof why) < 0) {
        fprintf(stderr, "botpit-tui: %s\n", why);
        return 2;
    }
    if (opts.help) {
        fputs(args_usage, stdout);
        return 0;
    }
    if (opts.version) {
        printf("botpit-tui %s\n", BOTPIT_VERSION);
        return 0;
    }
    static app a; /* big: the log and the grid live here */
    if (app_init(&a, &opts, why, sizeof why) < 0) {
        fprintf(stderr, "botpit-tui: %s\n", why);
        app_free(&a);
        return 2;
    }
    int rc = app_run(&a);
    app_free(&a);
    return rc;
}
