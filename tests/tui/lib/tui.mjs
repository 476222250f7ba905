// tui.mjs: botpit-tui in a real terminal for the end-to-end tests. Each run
// is a tmux session on a tmux server of this test process alone (its own
// socket, no user config); the tests type with send-keys and read the
// screen with capture-pane, as a person would see it. Every screen a test
// checks can be saved as a text artifact (BOTPIT_ARTIFACTS).
//
// The program runs under `sh -c '...; echo "[exit N]"'` in a pane that
// stays after it ends, so a test sees both the exit status and what the
// terminal looks like afterwards; its stderr goes to a file that is checked
// for sanitizer reports when the session ends.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { startServer } from '../../integration/lib/harness.mjs';

// BOTPIT_TMUX_SOCKET names it for a script that wants to look in (tmux -L NAME).
const socket = process.env.BOTPIT_TMUX_SOCKET || `botpit-tui-test-${process.pid}`;
let sessions = 0;

function tmux(...args) {
  return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', '-u', ...args], { encoding: 'utf8' });
}

// Under node --test; a plain script (scripts/vps-test's) kills its own.
if (process.env.NODE_TEST_CONTEXT) {
  after(() => {
    try {
      tmux('kill-server');
    } catch {
      // no sessions were started, or the server is gone already
    }
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function tuiBinary() {
  const bin = process.env.BOTPIT_TUI_BIN;
  if (!bin) throw new Error('BOTPIT_TUI_BIN is not set (meson test sets it)');
  return bin;
}

export function artifactsDir() {
  const dir = process.env.BOTPIT_ARTIFACTS || join(tmpdir(), 'botpit-tui-artifacts');
  mkdirSync(dir, { recursive: true });
  return dir;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

export class Tui {
  /**
   * Starts botpit-tui in a new tmux session.
   * @param {string[]} args  its command line (the URL, flags)
   * @param {{width?: number, height?: number, home?: string, env?: object, label?: string,
   *   binary?: string}} o  binary: another program to run so (botpit-ssh)
   */
  static start(args, { width = 100, height = 32, home, env = {}, label = 'tui', binary = tuiBinary() } = {}) {
    const t = new Tui();
    t.name = `s${++sessions}`;
    t.label = label;
    t.home = home ?? mkdtempSync(join(tmpdir(), 'botpit-tui-home-'));
    t.stderr = join(t.home, 'stderr.txt');
    t.log = join(artifactsDir(), `${label}.log`);
    const vars = {
      XDG_CONFIG_HOME: t.home,
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TERM: 'tmux-256color',
      BOTPIT_TUI_LOG: t.log,
      ...env,
    };
    const assign = Object.entries(vars).map(([k, v]) => `${k}=${quote(v)}`).join(' ');
    // sh ignores Ctrl-C so that only botpit-tui gets it (it sets its own handler)
    const command = `trap '' INT; env ${assign} ${[binary, ...args].map(quote).join(' ')} 2>${quote(t.stderr)}; `
      + 'echo "[exit $?]"; sleep 100000';
    tmux('new-session', '-d', '-s', t.name, '-x', String(width), '-y', String(height), 'sh', '-c', command);
    return t;
  }

  /** Keys by tmux name: 'Enter', 'Up', 'C-c', 'q'. */
  keys(...keys) {
    tmux('send-keys', '-t', this.name, ...keys);
  }

  /** Text typed literally. */
  type(text) {
    tmux('send-keys', '-t', this.name, '-l', text);
  }

  /** A left click on a cell (0-based), as a terminal reports it (X10 mouse). */
  click(x, y) {
    const at = String.fromCharCode(32 + x + 1) + String.fromCharCode(32 + y + 1);
    tmux('send-keys', '-t', this.name, '-l', `\x1b[M ${at}\x1b[M#${at}`);
  }

  /** The cell where text first shows on screen, or null. */
  find(text) {
    const lines = this.screen().split('\n');
    for (let y = 0; y < lines.length; y++) {
      const x = [...lines[y]].join('').indexOf(text);
      if (x >= 0) return { x: [...lines[y].slice(0, x)].length, y };
    }
    return null;
  }

  /** A command line: ":" + text + Enter. */
  command(text) {
    this.keys(':');
    this.type(text);
    this.keys('Enter');
  }

  screen() {
    return tmux('capture-pane', '-p', '-t', this.name);
  }

  /** tmux's view of the pane: alternate screen, cursor, size. */
  pane(format) {
    return tmux('display-message', '-p', '-t', this.name, format).trim();
  }

  /** Creates a room with `create ...` options, seats a bot in seat 2 and
   *  starts; resolves with the room's code. */
  async gameWithBot(create, bot = 'Bot (normal)') {
    this.command(create);
    const code = (await this.waitFor(/Room ([A-Z2-9]{5})/)).match(/Room ([A-Z2-9]{5})/)[1];
    this.keys('Down', 'b');
    await this.waitFor(bot);
    this.keys('s');
    return code;
  }

  /** The pid of botpit-tui itself (a child of the pane's shell). */
  pid() {
    const shell = this.pane('#{pane_pid}');
    return Number(execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0]);
  }

  resize(width, height) {
    tmux('resize-window', '-t', this.name, '-x', String(width), '-y', String(height));
  }

  /** Waits until the screen matches (a RegExp, a string or a function). */
  async waitFor(what, { timeout = 10000, message } = {}) {
    const test = typeof what === 'function' ? what
      : what instanceof RegExp ? (s) => what.test(s) : (s) => s.includes(what);
    const deadline = Date.now() + timeout;
    let screen = '';
    for (;;) {
      screen = this.screen();
      // a match counts once the screen has settled: a capture can catch
      // the terminal half-way through drawing a frame
      if (test(screen)) {
        await sleep(60);
        const again = this.screen();
        if (again === screen || test(again)) return again;
        continue;
      }
      if (Date.now() > deadline) {
        this.save(`timeout-${Date.now()}`);
        throw new Error(`${message ?? `waiting for ${what}`}: not on screen after ${timeout} ms:\n${screen}\n`
          + `stderr: ${this.stderrText()}`);
      }
      await sleep(100);
    }
  }

  /** Saves the screen as <label>-<step>.txt among the artifacts. */
  save(step) {
    const file = join(artifactsDir(), `${this.label}-${step}.txt`);
    writeFileSync(file, this.screen());
    return file;
  }

  stderrText() {
    return existsSync(this.stderr) ? readFileSync(this.stderr, 'utf8') : '';
  }

  /** Waits for the program to end; returns its exit status. */
  async exited(timeout = 10000) {
    const screen = await this.waitFor(/\[exit \d+\]/, { timeout, message: 'botpit-tui did not exit' });
    return Number(screen.match(/\[exit (\d+)\]/)[1]);
  }

  /** Ends the session; throws if a sanitizer spoke. */
  stop() {
    let pid = 0;
    try {
      pid = this.pid();
    } catch {
      // it has exited already
    }
    try {
      tmux('kill-session', '-t', this.name);
    } catch {
      // already gone
    }
    // the hang-up ends it cleanly; a leak report is written on the way out
    for (let i = 0; pid && i < 100 && alive(pid); i++) execFileSync('sleep', ['0.05']);
    const err = this.stderrText();
    if (/ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:/.test(err)) {
      throw new Error(`botpit-tui: a sanitizer reported:\n${err}`);
    }
  }
}

/**
 * What most terminal suites start from: a server, and botpit-tui signed in
 * as `name` showing the lobby's list of games. Returns { server, tui };
 * closeTui ends both (a start that fails ends what it started).
 */
export async function openTui(label, { width, height, name = 'Ada' } = {}) {
  const server = await startServer();
  let tui;
  try {
    tui = Tui.start([server.wsUrl, '--name', name], { width, height, label });
    await tui.waitFor(/Games on this server\n\s+\S/);
  } catch (err) {
    await closeTui({ server, tui });
    throw err;
  }
  return { server, tui };
}

export async function closeTui({ server, tui } = {}) {
  tui?.stop();
  await server?.stop();
}

/** The token file a session wrote. */
export function configOf(home) {
  return JSON.parse(readFileSync(join(home, 'botpit', 'tui.json'), 'utf8'));
}
