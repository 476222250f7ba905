/*
 * persist.h: what the store keeps of players and rooms, and when.
 *
 * The lobby calls these before it applies a change or tells anyone of it:
 * a room is written as it will be (a room_state drafted by room.h), an
 * input with everything it causes (the result of a game it ends). Each
 * returns 0 once what it wrote is committed, -1 if nothing was. Several
 * writes between persist_begin and persist_commit stand or fall together.
 * Without a store (unit tests) everything succeeds at once.
 */
#ifndef BOTPIT_PERSIST_H
#define BOTPIT_PERSIST_H

#include "lobby/player.h"
#include "lobby/room.h"
#include "lobby/table.h"

struct store;

int persist_begin(struct store *s);
int persist_commit(struct store *s);

int persist_player(struct store *s, const player *p);
/* r's row as it is with state st (r's own state if st is NULL). */
int persist_room(struct store *s, const room *r, const room_state *st);
int persist_room_gone(struct store *s, const room *r);
/* The inputs of a commit; when they end the game, its result (with what
 * its replay needs: the room's whole log is kept with it), the ratings it
 * moves (store/rating.h) and the room as over, in the same transaction.
 * With game_id not NULL, the finished game's id goes there (results.id;
 * 0 when nothing ended or nothing was stored). With rating not NULL, a
 * stored result's `rating` block goes there (a new reference; NULL when
 * nothing ended or nothing was stored). */
int persist_inputs(struct store *s, const room *r, const table_commit *c, int64_t *game_id,
                   json_t **rating);

#endif
