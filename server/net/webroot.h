/*
 * webroot.h: mapping a request path to a file of the web client.
 *
 * Pure string work (no lws), so it can be fuzzed alone: a path is accepted
 * only if every segment is made of safe characters and none is "." or ".."
 * or hidden, and its extension has a known MIME type. The caller still
 * checks, with realpath, that the file lies inside the root (symlinks).
 */
#ifndef BOTPIT_WEBROOT_H
#define BOTPIT_WEBROOT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes root + the file for `uri` (a directory, with or without its final
 * slash, means its index.html; a name without an extension is a directory) to out
 * and returns its MIME type, or NULL if the path is not one we serve. */
const char *webroot_resolve(const char *root, const char *uri, char *out, size_t out_len);

/* The MIME type of a file name by its extension, or NULL if unknown. */
const char *webroot_mime(const char *name);

#endif
