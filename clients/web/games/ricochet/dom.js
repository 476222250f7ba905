// dom.js: a small HTML element builder for the Ricochet Robots board. Text
// goes in through text nodes only (names come from players), never as markup.

/** el('button', {class: 'btn', onclick}, 'Send') */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** A page-styled button. */
export function button(text, attrs = {}) {
  return el('button', { type: 'button', ...attrs, class: `btn ${attrs.class || ''}`.trim() }, text);
}
