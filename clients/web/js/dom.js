// dom.js: a tiny element builder. Every text goes in through textContent, so
// names and chat lines from other players can never become markup.

/**
 * h('button.primary', {onclick, 'aria-label': 'Copy'}, 'Copy', child)
 * The tag may carry classes after dots and an id after '#'. Props starting
 * with "on" are listeners; `dataset`, `style` (object) and boolean
 * attributes are handled; everything else is set as an attribute.
 */
export function h(spec, props = {}, ...children) {
  const [, tag, rest] = spec.match(/^([a-z0-9-]+)(.*)$/i);
  const el = document.createElement(tag);
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  setProps(el, props);
  append(el, children);
  return el;
}

export function setProps(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) {
      if (!key.startsWith('on')) el.removeAttribute(key);
      continue;
    }
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (key === 'style' && typeof value === 'object') {
      Object.assign(el.style, value);
    } else if (key === 'value' || key === 'checked' || key === 'disabled') {
      el[key] = value;
      if (key === 'disabled') el.toggleAttribute('disabled', !!value);
    } else if (key === 'text') {
      el.textContent = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/**
 * Rebuilds a container's content while keeping keyboard focus: a control
 * with data-key that had focus gets it back after the rebuild, so a
 * keyboard user is not thrown to the top of the page by every room update.
 */
export function rebuild(container, build) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.key : null;
  build();
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else container.focus?.({ preventScroll: true });
  }
}

/** Plural helper: plural(2, 'seat') -> "2 seats". */
export function plural(n, word, many = word + 's') {
  return `${n} ${n === 1 ? word : many}`;
}

let uid = 0;
/** A unique id for label/aria wiring. */
export function uniqueId(prefix = 'id') {
  uid += 1;
  return `${prefix}-${uid}`;
}
