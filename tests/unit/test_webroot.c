/* test_webroot.c: which request paths map to which files of the web client. */
#include <criterion/criterion.h>
#include <limits.h>

#include "net/webroot.h"

static const char *resolve(const char *uri, char *out)
{
    return webroot_resolve("/srv/web", uri, out, PATH_MAX);
}

Test(webroot, a_file_is_served_with_the_type_of_its_extension)
{
    char out[PATH_MAX];
    cr_assert_str_eq(resolve("/js/app.js", out), "text/javascript; charset=utf-8");
    cr_assert_str_eq(out, "/srv/web/js/app.js");
}

Test(webroot, a_folder_with_or_without_its_slash_is_its_index_page)
{
    char out[PATH_MAX];
    cr_assert_str_eq(resolve("/rules/ricochet/", out), "text/html; charset=utf-8");
    cr_assert_str_eq(out, "/srv/web/rules/ricochet/index.html");
    cr_assert_str_eq(resolve("/rules/ricochet", out), "text/html; charset=utf-8");
    cr_assert_str_eq(out, "/srv/web/rules/ricochet/index.html");
    cr_assert_str_eq(resolve("/", out), "text/html; charset=utf-8");
    cr_assert_str_eq(out, "/srv/web/index.html");
}

Test(webroot, hidden_parent_and_unknown_paths_are_refused)
{
    char out[PATH_MAX];
    cr_assert_null(resolve("/../etc/passwd", out));
    cr_assert_null(resolve("/.git/config", out));
    cr_assert_null(resolve("/rules/.hidden", out));
    cr_assert_null(resolve("/js//app.js", out));
    cr_assert_null(resolve("/notes.exe", out));
    cr_assert_null(resolve("relative.html", out));
}
