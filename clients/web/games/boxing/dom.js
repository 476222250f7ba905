// dom.js: what the boxing board adds to the shared element builder
// (../dom.js): toggle buttons.

/** Sets aria-pressed and the disabled state in one go. */
export function setToggle(btn, { pressed, disabled }) {
  if (pressed !== undefined) btn.setAttribute('aria-pressed', String(!!pressed));
  if (disabled !== undefined) btn.disabled = !!disabled;
}
