/* fuzz_webroot.c: any request path. Whatever webroot_resolve accepts stays
 * inside the root: no "..", no hidden file, no way up. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/webroot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char uri[2048], out[4096];
    if (size >= sizeof uri)
        return 0;
    memcpy(uri, data, size);
    uri[size] = '\0';
    const char *root = "/srv/botpit/web";
    const char *mime = webroot_resolve(root, uri, out, sizeof out);
    if (!mime)
        return 0;
    size_t n = strlen(root);
    if (strncmp(out, root, n) != 0 || out[n] != '/')
        abort();
    if (strstr(out + n, "/.") || strstr(out + n, "//") || strchr(out + n, '\\'))
        abort();
    /* The file itself, or a folder's index.html asked for with or without
     * the folder's final slash. */
    size_t plain = strlen(root) + strlen(uri);
    if (strlen(out) != plain && strlen(out) != plain + strlen("index.html") &&
        strlen(out) != plain + strlen("/index.html"))
        abort();
    return 0;
}
