// attention.js: calling a player back to a tab they left in the
// background. When it becomes their turn (or a timer they care about
// starts) the tab's title and icon say so, and, if they asked for it, a
// short chime plays, made with WebAudio (no sound files). Everything goes
// back to normal as soon as the tab is looked at again.

import { storage } from './storage.js';

let baseTitle = document.title;
let calling = null;     // the words in the title while we call, or null
let audio = null;       // one AudioContext, made on the first user gesture

function iconLink() {
  return document.querySelector('link[rel="icon"]');
}

const ICON = 'favicon.svg';
const ICON_CALLING = 'favicon-turn.svg';

function setIcon(file) {
  const link = iconLink();
  if (link && !link.getAttribute('href').endsWith(file)) link.setAttribute('href', file);
}

function render() {
  document.title = calling ? `● ${calling} · ${baseTitle}` : baseTitle;
  setIcon(calling ? ICON_CALLING : ICON);
}

/** The tab is in the background: another tab, a minimised window. */
function away() {
  return document.visibilityState !== 'visible';
}

function settle() {
  if (!calling || away()) return;
  calling = null;
  render();
}

document.addEventListener('visibilitychange', settle);

/** Browsers only let a page play sound after a click or key on it. */
function unlockAudio() {
  if (!storage.sound) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') audio.resume();
  } catch { /* no WebAudio: the title and icon still call */ }
}
window.addEventListener('pointerdown', unlockAudio, true);
window.addEventListener('keydown', unlockAudio, true);

/** Two short soft notes, rising: "your turn". */
export function chime() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    [[660, 0], [880, 0.16]].forEach(([freq, at]) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.25);
    });
  } catch { /* no WebAudio here */ }
}

export const attention = {
  /** The page's own title (the room it shows); kept under any call. */
  setTitle(title) {
    baseTitle = title;
    render();
  },
  /** Calls the player if the tab is in the background; true if it did. */
  call(words) {
    if (!away()) return false;
    calling = words;
    render();
    if (storage.sound) chime();
    return true;
  },
  /** Stops calling (the turn passed while we were away). */
  stop() {
    if (!calling) return;
    calling = null;
    render();
  },
  get calling() { return calling; },
};
