/* cmd.c: splitting and parsing word commands. */
#include "cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "client.h"
#include "url.h"

const cmd_spec cmd_specs[] = {
    {"help", "?", CMD_HELP, "help", "list every key and command"},
    {"quit", "q", CMD_QUIT, "quit[!]", "leave botpit-tui (asks first during a game)"},
    {"name", NULL, CMD_NAME, "name NAME", "play under another name"},
    {"create", "new", CMD_CREATE, "create [GAME] [OPTION=VALUE ...] [private]",
     "create a room: without a game, the form; with one, at once"},
    {"join", "j", CMD_JOIN, "join [CODE]", "join a room as a player (the selected one without CODE)"},
    {"spectate", "watch", CMD_SPECTATE, "spectate [CODE]", "watch a room"},
    {"rooms", NULL, CMD_ROOMS, "rooms", "ask the server for the public rooms again"},
    {"leave", NULL, CMD_LEAVE, "leave[!]", "leave the room (asks first during a game)"},
    {"sit", "take", CMD_SIT, "sit [SEAT]", "take a seat"},
    {"stand", NULL, CMD_STAND, "stand", "give up your seat and watch"},
    {"bot", NULL, CMD_BOT, "bot [SEAT] [LEVEL]", "seat a bot (host; again for the next level)"},
    {"kick", NULL, CMD_KICK, "kick [SEAT]", "remove a bot or a player (host)"},
    {"mute", NULL, CMD_MUTE, "mute NAME", "stop someone's chat here (host)"},
    {"unmute", NULL, CMD_UNMUTE, "unmute NAME", "let them chat again (host)"},
    {"remove", NULL, CMD_REMOVE, "remove NAME", "send someone out for good (host)"},
    {"approve", NULL, CMD_APPROVE, "approve", "let the player who asked take over a bot's seat (host)"},
    {"deny", NULL, CMD_DENY, "deny", "keep the bot in the seat a player asked for (host)"},
    {"start", NULL, CMD_START, "start", "start the game (host)"},
    {"rematch", NULL, CMD_REMATCH, "rematch", "a new room, same game and seats (host, after the game)"},
    {"chat", "say", CMD_CHAT, "chat TEXT", "say something to the room"},
    {"act", NULL, CMD_ACT, "act JSON", "send a game action as JSON"},
    {"replay", NULL, CMD_REPLAY, "replay ID | step N | to N | play | seen WHO | close",
     "watch a finished game again, move by move (ID: from its result or :history)"},
    {"history", "games", CMD_HISTORY, "history [PLAYER-ID]", "your games and ratings (Enter replays one)"},
    {"ratings", NULL, CMD_RATINGS, "ratings [GAME]", "a game's leaderboard (this room's game without GAME)"},
    {"link", NULL, CMD_LINK, "link [CODE]", "show a code for another device; with CODE, play as its player"},
    {"reconnect", NULL, CMD_RECONNECT, "reconnect", "connect again now"},
    {"log", NULL, CMD_LOG, "log", "show or hide the chat and game log"},
    {"redraw", NULL, CMD_REDRAW, "redraw", "draw the whole screen again"},
    {"cancel", NULL, CMD_CANCEL, "cancel", "close a form, question or overlay"},
    {"prev", "up", CMD_PREV, "prev", "select the previous item"},
    {"next", "down", CMD_NEXT, "next", "select the next item"},
    {"left", NULL, CMD_LEFT, "left", "change the selected field down"},
    {"right", NULL, CMD_RIGHT, "right", "change the selected field up"},
    {"open", NULL, CMD_OPEN, "open", "open the selection (join a room, create)"},
    {NULL, NULL, CMD_NONE, NULL, NULL},
};

int cmd_split(const char *text, cmd_words *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof(out->argc) + sizeof(out->argv) + sizeof(out->rest));
    size_t len = strlen(text);
    if (len >= sizeof out->raw) {
        snprintf(why, why_len, "that line is too long (at most %zu characters)", sizeof out->raw - 1);
        return -1;
    }
    memcpy(out->raw, text, len + 1);
    const char *p = out->raw;
    char *w = out->buf;
    while (*p) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        if (out->argc >= CMD_MAX_WORDS) {
            snprintf(why, why_len, "too many words (at most %d)", CMD_MAX_WORDS);
            return -1;
        }
        out->rest[out->argc] = p;
        out->argv[out->argc++] = w;
        bool quoted = false;
        while (*p && (quoted || !isspace((unsigned char)*p))) {
            if (*p == '"') {
                quoted = !quoted;
                p++;
                continue;
            }
            *w++ = *p++;
        }
        if (quoted) {
            snprintf(why, why_len, "a quote is not closed");
            return -1;
        }
        *w++ = 0;
    }
    out->argv[out->argc] = NULL;
    return out->argc;
}

const cmd_spec *cmd_find(const char *word)
{
    for (const cmd_spec *s = cmd_specs; s->name; s++) {
        if (strcasecmp(word, s->name) == 0 || (s->alias && strcasecmp(word, s->alias) == 0))
            return s;
    }
    return NULL;
}

/* "Seats are numbers from 1. Use: sit [SEAT]" (the caller ends it). */
static cmd_result usage(const cmd_spec *spec, char *why, size_t why_len, const char *what)
{
    size_t n = strlen(what);
    snprintf(why, why_len, "%c%s%s Use: %s", toupper((unsigned char)what[0]), what + 1,
             n && what[n - 1] == '?' ? "" : ".", spec->usage);
    return CMD_ERROR;
}

/* "2" -> 1; false when it is not a seat number from 1 to 99. */
static bool seat_number(const char *word, int *seat)
{
    char *end;
    long n = strtol(word, &end, 10);
    if (!isdigit((unsigned char)*word) || *end || n < 1 || n > 99)
        return false;
    *seat = (int)n - 1;
    return true;
}

static cmd_result parse_seat_verb(const cmd_words *w, const cmd_spec *spec, cmd *out, char *why,
                                  size_t why_len)
{
    int i = 1;
    if (i < w->argc && seat_number(w->argv[i], &out->seat))
        i++;
    else if (i < w->argc && spec->id != CMD_BOT)
        return usage(spec, why, why_len, "seats are numbers from 1");
    if (spec->id == CMD_BOT && i < w->argc) {
        const char *level = w->argv[i++];
        if (isdigit((unsigned char)*level))
            return usage(spec, why, why_len, "seats are numbers from 1");
        snprintf(out->level, sizeof out->level, "%s", level);
        for (char *c = out->level; *c; c++)
            *c = (char)tolower((unsigned char)*c);
    }
    if (i < w->argc)
        return usage(spec, why, why_len, "too many words");
    return CMD_CORE;
}

/* A room code in any case, or the code of a share link pasted whole. */
static bool room_code_of(const char *word, char code[PROTO_CODE_LEN + 1])
{
    if (proto_client_room_code(word, code))
        return true;
    url u;
    char why[200];
    if (!strchr(word, '/') || url_parse(word, &u, why, sizeof why) < 0 || !u.room[0])
        return false;
    return proto_client_room_code(u.room, code);
}

/* What a room code is, and what to do with one that is not. */
static cmd_result bad_code(const cmd_spec *spec, const char *word, char *why, size_t why_len)
{
    snprintf(why, why_len,
             "\"%.20s\" is not a room code. Codes are 5 letters and digits, such as K7P2X, and never use "
             "O, 0, I, L or 1. Type %s CODE, or paste the room's link",
             word, spec->name);
    return CMD_ERROR;
}

static bool is_force(const char *word)
{
    return strcmp(word, "!") == 0 || strcasecmp(word, "yes") == 0 || strcasecmp(word, "y") == 0;
}

cmd_result cmd_parse(const cmd_words *w, cmd *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    out->seat = -1;
    if (w->argc == 0)
        return CMD_OTHER;
    char first[64];
    snprintf(first, sizeof first, "%s", w->argv[0]);
    size_t n = strlen(first);
    bool bang = n > 1 && first[n - 1] == '!';
    if (bang)
        first[n - 1] = 0;
    const cmd_spec *spec = cmd_find(first);
    if (!spec)
        return CMD_OTHER;
    out->id = spec->id;
    const char *rest = w->argc > 1 ? w->rest[1] : NULL;
    switch (spec->id) {
    case CMD_QUIT:
    case CMD_LEAVE:
        out->force = bang || (w->argc == 2 && is_force(w->argv[1]));
        if (w->argc > 2 || (w->argc == 2 && !out->force))
            return usage(spec, why, why_len, "it takes no words but \"!\"");
        return CMD_CORE;
    case CMD_NAME:
    case CMD_CHAT:
    case CMD_ACT:
    case CMD_MUTE:
    case CMD_UNMUTE:
    case CMD_REMOVE:
        if (!rest || !*rest)
            return usage(spec, why, why_len, spec->id == CMD_NAME ? "which name?"
                                             : spec->id == CMD_CHAT ? "say what?"
                                             : spec->id == CMD_ACT  ? "which action?"
                                                                    : "who?");
        out->text = rest;
        return CMD_CORE;
    case CMD_JOIN:
    case CMD_SPECTATE:
        if (w->argc > 2)
            return usage(spec, why, why_len, "one room code");
        if (w->argc == 2 && !room_code_of(w->argv[1], out->code))
            return bad_code(spec, w->argv[1], why, why_len);
        return CMD_CORE;
    case CMD_CREATE:
        if (w->argc > 1) {
            out->text = w->argv[1];
            out->argc = w->argc - 2;
            out->argv = (char **)&w->argv[2];
        }
        return CMD_CORE;
    case CMD_SIT:
    case CMD_BOT:
    case CMD_KICK:
        return parse_seat_verb(w, spec, out, why, why_len);
    case CMD_REPLAY:
        /* Alone, it may be a game's own (Ricochet replays a round's
         * optimal solution): the caller offers it to the game first. */
        if (!rest || !*rest)
            return CMD_OTHER;
        out->text = rest; /* replay.h parses it */
        return CMD_CORE;
    case CMD_HISTORY:
    case CMD_RATINGS:
    case CMD_LINK:
        if (w->argc > 2 && spec->id != CMD_LINK)
            return usage(spec, why, why_len, "one word at most");
        /* a code may be typed in two groups: "K7P2 X9QM" */
        if (w->argc > 3)
            return usage(spec, why, why_len, "one code");
        out->text = w->argc > 1 ? w->rest[1] : NULL;
        return CMD_CORE;
    default:
        if (w->argc > 1)
            return usage(spec, why, why_len, "it takes no words");
        return CMD_CORE;
    }
}
