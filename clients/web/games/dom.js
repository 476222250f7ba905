// dom.js: the small HTML element builder every game renderer shares. Text
// goes in through text nodes only (names come from players), never as markup.

/** el('button', {class: 'btn', onclick}, 'Send'); {text} sets textContent. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** A button in the page's style (class "btn"). */
export function button(text, attrs = {}) {
  return el('button', { type: 'button', ...attrs, class: `btn ${attrs.class || ''}`.trim() }, text);
}
