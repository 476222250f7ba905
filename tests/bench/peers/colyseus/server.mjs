// The Colyseus peer for `scripts/bench --compare colyseus`: a room of 4
// doing what a Botpit room does under the chat load (every chat broadcast
// to the whole room, the sender included), on Colyseus' own WebSocket
// transport. Colyseus is installed by scripts/bench into a scratch folder
// (BOTPIT_PEERS_DIR), never into the project: its modules are loaded from
// there.
//   BOTPIT_PEERS_DIR=build-release/bench-peers PORT=2567 node tests/bench/peers/colyseus/server.mjs
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const peers = resolve(process.env.BOTPIT_PEERS_DIR || 'build-release/bench-peers');
const require = createRequire(`${peers}/node_modules/`);
const { Server, Room } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');

const port = Number(process.env.PORT || 2567);

class ChatRoom extends Room {
  maxClients = Number(process.env.ROOM_SIZE || 4);

  onCreate() {
    this.onMessage('chat', (client, text) => this.broadcast('chat', text));
  }
}

const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define('chat', ChatRoom);
await server.listen(port, '127.0.0.1');
console.log(`colyseus chat peer on 127.0.0.1:${port}`);
