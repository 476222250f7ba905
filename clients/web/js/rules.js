// rules.js: the "How to play" pages. A game may ship
// rules/<game id>/index.html (see rules/README.md): a page of its own at
// /rules/<id>, and the same text in a dialog over the lobby, the room and
// the table. The client finds out which games have one by asking for the
// page, so a new game's rules show up without any list to edit.

const pages = new Map(); // game id -> Promise<string|null> (the page's HTML)

function pageUrl(id) {
  return new URL(`../rules/${id}/`, import.meta.url);
}

/** The address of a game's rules page, for links. */
export function rulesHref(id) {
  return pageUrl(id).pathname;
}

function fetchPage(id) {
  if (!/^[a-z0-9_-]+$/.test(id)) return Promise.resolve(null);
  if (!pages.has(id)) {
    pages.set(id, fetch(pageUrl(id), { credentials: 'same-origin' }).then(
      (res) => (res.ok && (res.headers.get('content-type') || '').startsWith('text/html') ? res.text() : null),
      () => null,
    ).then((text) => {
      // A failed look-up may pass later (the server was restarting).
      if (text === null) setTimeout(() => pages.delete(id), 30000);
      return text;
    }));
  }
  return pages.get(id);
}

/** Resolves true when the game has a rules page. */
export async function hasRules(id) {
  return (await fetchPage(id)) !== null;
}

/**
 * The frame of a diagram: a box with the game renderer's root classes (so
 * its stylesheet applies, both colour schemes included) holding that
 * stylesheet and the picture. For rules/<id>/diagrams.js.
 */
export function diagramBox(classes, sheetUrl, ...children) {
  const box = document.createElement('div');
  box.className = `${classes} renderer`;
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = sheetUrl;
  box.append(sheet, ...children);
  return box;
}

/**
 * Draws the diagrams of a rules text: each <figure data-diagram="name">
 * gets the picture rules/<id>/diagrams.js draws for that name, made with
 * the game's own board code. A figure whose picture fails keeps its words.
 */
export async function drawDiagrams(root, id) {
  const figures = [...root.querySelectorAll('figure[data-diagram]')];
  if (!figures.length) return;
  let mod;
  try {
    mod = await import(new URL(`../rules/${id}/diagrams.js`, import.meta.url).href);
  } catch (e) {
    console.warn(`no diagrams for ${id}`, e);
    return;
  }
  for (const figure of figures) {
    if (figure.querySelector('.diagram-art')) continue;
    try {
      const art = mod.diagrams[figure.dataset.diagram]?.();
      if (!art) continue;
      art.classList.add('diagram-art');
      // A picture, not a control: its caption says it in words.
      art.setAttribute('aria-hidden', 'true');
      for (const e of art.querySelectorAll('[tabindex], [role]')) {
        e.removeAttribute('tabindex');
        e.removeAttribute('role');
      }
      figure.prepend(art);
    } catch (e) {
      console.error(e);
    }
  }
}

/**
 * The rules text of a game (its <article class="rules-text">), ready to
 * go into this page, diagrams drawn; null when the game has none.
 */
export async function loadRules(id) {
  const html = await fetchPage(id);
  if (!html) return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const article = doc.querySelector('.rules-text');
  if (!article) return null;
  const node = document.importNode(article, true);
  await drawDiagrams(node, id);
  return node;
}
