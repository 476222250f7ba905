/* webroot.c: strict request-path checking for the static files. */
#include "webroot.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *ext, *mime;
} mime_types[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json"},
    {".webmanifest", "application/manifest+json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".ico", "image/x-icon"},
    {".woff2", "font/woff2"},
    {".txt", "text/plain; charset=utf-8"},
};

const char *webroot_mime(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || strchr(dot, '/'))
        return NULL;
    for (size_t i = 0; i < sizeof mime_types / sizeof mime_types[0]; i++) {
        if (strcmp(dot, mime_types[i].ext) == 0)
            return mime_types[i].mime;
    }
    return NULL;
}

static bool safe_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == '.';
}

/* Every segment between slashes is non-empty (but a final one), made of
 * safe characters, and does not start with a dot ("..", ".git", ...). */
static bool path_is_safe(const char *uri)
{
    if (uri[0] != '/')
        return false;
    const char *p = uri + 1;
    while (*p) {
        if (*p == '.' || *p == '/')
            return false;
        while (*p && *p != '/') {
            if (!safe_char(*p))
                return false;
            p++;
        }
        if (*p == '/')
            p++;
    }
    return true;
}

const char *webroot_resolve(const char *root, const char *uri, char *out, size_t out_len)
{
    if (!path_is_safe(uri))
        return NULL;
    /* A folder is asked for with or without its final slash: /rules/ricochet
     * and /rules/ricochet/ are the same page. Files always have an extension. */
    size_t n = strlen(uri);
    const char *last = strrchr(uri, '/') + 1;
    const char *index = uri[n - 1] == '/' ? "index.html" : strchr(last, '.') ? "" : "/index.html";
    int w = snprintf(out, out_len, "%s%s%s", root, uri, index);
    if (w < 0 || (size_t)w >= out_len)
        return NULL;
    return webroot_mime(out + strlen(root));
}
