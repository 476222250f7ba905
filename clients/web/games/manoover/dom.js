// dom.js: HTML elements for the MANOOVER board. Text always enters as text
// nodes (names come from players), never as markup.

/** el('p', {class: 'x', onclick}, 'text', child) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A button in the page's style (class "btn"). */
export function button(text, attrs = {}) {
  return el('button', { type: 'button', ...attrs, class: ['btn', attrs.class].filter(Boolean).join(' ') }, text);
}
