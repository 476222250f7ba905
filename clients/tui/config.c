/* config.c: the name and tokens file. */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CONFIG_FILE "tui.json"

static int config_folder(char *buf, size_t len, char *why, size_t why_len)
{
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/botpit", xdg);
    else if (home && *home)
        n = snprintf(buf, len, "%s/.config/botpit", home);
    else {
        snprintf(why, why_len, "neither XDG_CONFIG_HOME nor HOME is set: nothing will be remembered");
        return -1;
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(why, why_len, "the configuration folder's path is too long");
        return -1;
    }
    return 0;
}

static void config_load(config *c)
{
    c->data = json_load_file(c->path, 0, NULL);
    if (!json_is_object(c->data)) {
        json_decref(c->data);
        c->data = json_object();
    }
}

int config_open(config *c, char *why, size_t why_len)
{
    memset(c, 0, sizeof *c);
    char dir[sizeof c->path - 16];
    if (config_folder(dir, sizeof dir, why, why_len) < 0) {
        c->data = json_object();
        return -1;
    }
    snprintf(c->path, sizeof c->path, "%s/" CONFIG_FILE, dir);
    config_load(c);
    return 0;
}

int config_open_in(config *c, const char *dir, char *why, size_t why_len)
{
    memset(c, 0, sizeof *c);
    int n = snprintf(c->path, sizeof c->path, "%s/" CONFIG_FILE, dir);
    if (n < 0 || (size_t)n >= sizeof c->path) {
        c->path[0] = 0;
        c->data = json_object();
        snprintf(why, why_len, "the folder's path is too long: nothing will be remembered");
        return -1;
    }
    config_load(c);
    return 0;
}

void config_close(config *c)
{
    json_decref(c->data);
    c->data = NULL;
}

const char *config_name(const config *c)
{
    return json_string_value(json_object_get(c->data, "name"));
}

const char *config_token(const config *c, const char *endpoint)
{
    json_t *servers = json_object_get(c->data, "servers");
    return json_string_value(json_object_get(json_object_get(servers, endpoint), "token"));
}

void config_set_name(config *c, const char *name)
{
    json_object_set_new(c->data, "name", json_string(name));
}

void config_set_token(config *c, const char *endpoint, const char *token)
{
    json_t *servers = json_object_get(c->data, "servers");
    if (!json_is_object(servers)) {
        servers = json_object();
        json_object_set_new(c->data, "servers", servers);
    }
    json_object_set_new(servers, endpoint, json_pack("{s:s}", "token", token));
}

/* mkdir -p for the folder of c->path, each new level 0700. */
static int make_folders(const char *file)
{
    char dir[sizeof ((config *)0)->path];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return 0;
    *slash = 0;
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(dir, 0700) < 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(dir, 0700) < 0 && errno != EEXIST)
        return -1;
    return 0;
}

int config_save(const config *c, char *why, size_t why_len)
{
    if (!c->path[0]) {
        snprintf(why, why_len, "no configuration folder: nothing is remembered");
        return -1;
    }
    if (make_folders(c->path) < 0) {
        snprintf(why, why_len, "cannot create the folder of %s: %s", c->path, strerror(errno));
        return -1;
    }
    char tmp[sizeof c->path + 16];
    snprintf(tmp, sizeof tmp, "%s.%ld", c->path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(why, why_len, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    char *text = json_dumps(c->data, JSON_INDENT(2) | JSON_SORT_KEYS);
    size_t len = text ? strlen(text) : 0;
    bool ok = text && fchmod(fd, 0600) == 0 && write(fd, text, len) == (ssize_t)len &&
              write(fd, "\n", 1) == 1 && fsync(fd) == 0;
    int err = errno;
    free(text);
    if (close(fd) < 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok || rename(tmp, c->path) < 0) {
        if (ok)
            err = errno;
        unlink(tmp);
        snprintf(why, why_len, "cannot write %s: %s", c->path, strerror(err));
        return -1;
    }
    return 0;
}
