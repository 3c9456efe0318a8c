// competition: what the pages of tournaments, team matches and belote
// duplicates share: form fields, numbers, the list page with its creation
// form, the submission of a form that leads to another page, the page
// shown when a competition cannot be read, and the live reload.

import { api } from './api.js';
import { h, mount, toast } from './dom.js';
import { t, errorText } from './i18n.js';

// field is a labelled form control.
export function field(id, label, control) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

// fmtNum writes a number with the given digits in the page's language, ''
// for what is not a number.
export function fmtNum(x, digits) {
  if (typeof x !== 'number') return '';
  return x.toLocaleString(document.documentElement.lang || undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

// levelSelect chooses the bots' level, medium first.
export function levelSelect(id, testid) {
  return h('select', { id, 'data-testid': testid },
    ['easy', 'medium', 'strong'].map((l) => h('option', { value: l, selected: l === 'medium' }, t('bot.' + l))));
}

// submitter is the submit handler of a form whose send (a promise) gives
// the hash of the page to go to; button is disabled meanwhile. On failure
// the button comes back and the toast shows fail's text of the error.
export function submitter(button, send, fail = errorText) {
  return async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    try {
      location.hash = await send();
    } catch (e) {
      toast(fail(e));
      button.disabled = false;
    }
  };
}

// showList mounts a list page (its panel titled title, then form) and fills
// the list with the items under key of url's answer, one li each from
// item(x); the text none when there are none.
export async function showList({ page, title, list: listId, form, url, key, none, item }) {
  const list = h('ul', { class: 'resume', 'data-testid': listId });
  mount(h('div', { class: 'page lobby', 'data-testid': page },
    h('section', { class: 'panel' }, h('h1', {}, title), list), form));
  let res;
  try {
    res = await api.get(url);
  } catch (e) {
    list.appendChild(h('li', { class: 'muted' }, errorText(e)));
    return;
  }
  const items = (res && res[key]) || [];
  if (!items.length) { list.appendChild(h('li', { class: 'muted' }, none)); return; }
  for (const x of items) list.appendChild(h('li', {}, ...item(x)));
}

// getOrBack reads url; on failure it mounts the error with a link back to
// the hash back, and gives null.
export async function getOrBack(url, back) {
  try {
    return await api.get(url);
  } catch (e) {
    mount(h('section', { class: 'page' }, h('p', { class: 'muted' }, errorText(e)),
      h('a', { href: back }, t('common.back'))));
    return null;
  }
}

// reloadLater calls show again in 5 s if the page is still the one shown
// (its hash is the same); it returns the timer.
export function reloadLater(show) {
  const hash = location.hash;
  return setTimeout(() => { if (location.hash === hash) show(); }, 5000);
}
