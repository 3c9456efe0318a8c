// dom: a tiny element builder and helpers shared by the views.

// h builds an element: h('button', {class: 'x', onclick: f, dataset: {card: 'SA'}}, 'text', child...).
// Attributes with value false/null/undefined are left out.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'html') el.innerHTML = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

// clear empties el and returns it.
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// mount replaces the content of <main> with view.
export function mount(view) {
  const main = document.getElementById('main');
  clear(main).appendChild(view);
  return main;
}

let toastTimer = 0;

// toast shows a short message (errors) for a few seconds.
export function toast(text) {
  const el = document.getElementById('toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

// announce speaks text to screen readers through the polite live region.
export function announce(text) {
  const el = document.getElementById('live');
  if (el.textContent === text) el.textContent = '';
  el.textContent = text;
}

// focusKey returns a selector that finds the focused element again after a
// redraw (by its data-card, data-call or data-action), or ''.
export function focusKey() {
  const a = document.activeElement;
  if (!a || !a.dataset) return '';
  for (const k of ['card', 'call', 'action', 'idx', 'testid']) {
    if (a.dataset[k]) return '[data-' + k + '="' + a.dataset[k] + '"]';
  }
  return '';
}

// refocus focuses the element matching sel if there is one.
export function refocus(root, sel) {
  if (!sel) return;
  const el = root.querySelector(sel);
  if (el && !el.disabled) el.focus({ preventScroll: true });
}
