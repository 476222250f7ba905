/* The name and token file: private, per server, surviving a restart. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

static char dir[256];

static void fresh_home(void)
{
    snprintf(dir, sizeof dir, "/tmp/botpit-tui-test-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    setenv("XDG_CONFIG_HOME", dir, 1);
}

static void cleanup(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

Test(config, the_token_is_saved_privately_and_read_back, .init = fresh_home, .fini = cleanup)
{
    config c;
    char why[300];
    cr_assert_eq(config_open(&c, why, sizeof why), 0, "%s", why);
    cr_assert_null(config_name(&c), "a first run knows nothing");
    config_set_name(&c, "Ada");
    config_set_token(&c, "ws://localhost:8080/ws", "0123456789abcdef0123456789abcdef");
    cr_assert_eq(config_save(&c, why, sizeof why), 0, "%s", why);
    config_close(&c);

    char path[512];
    snprintf(path, sizeof path, "%s/botpit/tui.json", dir);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "mode %o", st.st_mode & 0777);
    snprintf(path, sizeof path, "%s/botpit", dir);
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0700);

    cr_assert_eq(config_open(&c, why, sizeof why), 0);
    cr_assert_str_eq(config_name(&c), "Ada");
    cr_assert_str_eq(config_token(&c, "ws://localhost:8080/ws"), "0123456789abcdef0123456789abcdef");
    cr_assert_null(config_token(&c, "wss://elsewhere.example/ws"), "a token goes only to its own server");
    config_close(&c);
}

Test(config, a_damaged_file_starts_afresh, .init = fresh_home, .fini = cleanup)
{
    char path[512];
    snprintf(path, sizeof path, "%s/botpit", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/botpit/tui.json", dir);
    FILE *f = fopen(path, "w");
    fputs("{not json", f);
    fclose(f);
    config c;
    char why[300];
    cr_assert_eq(config_open(&c, why, sizeof why), 0);
    cr_assert_null(config_name(&c));
    config_set_name(&c, "Bo");
    cr_assert_eq(config_save(&c, why, sizeof why), 0, "%s", why);
    config_close(&c);
}

Test(config, without_any_home_nothing_is_remembered_but_nothing_breaks)
{
    char *xdg = getenv("XDG_CONFIG_HOME") ? strdup(getenv("XDG_CONFIG_HOME")) : NULL;
    char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("HOME");
    config c;
    char why[300];
    cr_assert_eq(config_open(&c, why, sizeof why), -1);
    cr_assert(strstr(why, "HOME"));
    config_set_name(&c, "Ada");
    cr_assert_eq(config_save(&c, why, sizeof why), -1);
    config_close(&c);
    if (xdg)
        setenv("XDG_CONFIG_HOME", xdg, 1);
    if (home)
        setenv("HOME", home, 1);
    free(xdg);
    free(home);
}

Test(config, a_named_folder_is_used_whatever_the_environment_says, .init = fresh_home, .fini = cleanup)
{
    char state[300];
    snprintf(state, sizeof state, "%s/keys/ab12", dir);
    config c;
    char why[300];
    cr_assert_eq(config_open_in(&c, state, why, sizeof why), 0, "%s", why);
    cr_assert_null(config_name(&c));
    config_set_name(&c, "Ada");
    cr_assert_eq(config_save(&c, why, sizeof why), 0, "%s", why);
    config_close(&c);

    char path[400];
    snprintf(path, sizeof path, "%s/tui.json", state);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600);
    snprintf(path, sizeof path, "%s/botpit", dir);
    cr_assert_neq(stat(path, &st), 0, "nothing under XDG_CONFIG_HOME");
    cr_assert_eq(config_open_in(&c, state, why, sizeof why), 0);
    cr_assert_str_eq(config_name(&c), "Ada");
    config_close(&c);
}
