// conventions: the convention card of the computer players (SAYC), made by
// the server from the bidder's own rules (GET /api/conventions), one line
// per call per auction, in the sections of the SAYC booklet, and worded in
// the language in use. Reached from the bridge rules page.

import { api } from './api.js';
import { h, mount } from './dom.js';
import { t, lang } from './i18n.js';

// suitSpans marks the suit symbols of a text so the red ones are coloured.
function withSuits(text) {
  const out = [];
  for (const part of String(text).split(/([♠♥♦♣])/)) {
    if (!part) continue;
    const s = { '♠': 's', '♥': 'h', '♦': 'd', '♣': 'c' }[part];
    out.push(s ? h('span', { class: 'suit suit-' + s }, part) : part);
  }
  return out;
}

export async function showConventions() {
  const body = h('div', { class: 'conventions-body', 'data-testid': 'conventions-body', lang: lang() }, t('common.loading'));
  mount(h('section', { class: 'page rules conventions', 'data-testid': 'conventions' },
    h('nav', { class: 'tabs', 'aria-label': t('rules.label') },
      h('a', { href: '#/rules/bridge', 'data-testid': 'rules-bridge' }, t('rules.bridge')),
      h('a', { href: '#/rules/belote', 'data-testid': 'rules-belote' }, t('rules.belote')),
      h('a', { href: '#/conventions', 'aria-current': 'page', 'data-testid': 'rules-conventions' }, t('conv.title'))),
    h('h1', {}, t('conv.title')),
    h('p', {}, t('conv.intro')),
    body));
  let card;
  try {
    card = await api.get('/api/conventions?lang=' + encodeURIComponent(lang()));
  } catch (e) {
    body.textContent = t('err.network');
    return;
  }
  body.textContent = '';
  const groups = (card && card.groups) || [];
  body.appendChild(h('nav', { class: 'conv-toc', 'aria-label': t('rules.contents') },
    h('ul', {}, groups.map((g) => h('li', {}, h('a', { href: '#/conventions', onclick: (ev) => {
      ev.preventDefault();
      const el = document.getElementById('conv-' + g.id);
      if (el) el.scrollIntoView();
    } }, g.title))))));
  for (const g of groups) {
    // One row per call: the agreement's name (English card only), what
    // the call shows, then each hand type when several rules make it.
    const rows = g.lines.map((l) => h('tr', { dataset: { rule: l.rule, rules: (l.rules || []).join(' ') } },
      h('td', { class: 'conv-auction' }, l.auction.length ? withSuits(l.auction.join(' – ')) : t('conv.opening')),
      h('td', { class: 'conv-call' }, withSuits(l.call)),
      h('td', {},
        l.name ? h('strong', {}, withSuits(l.name + ' — ')) : null,
        withSuits(l.text),
        l.hands && l.hands.length ? h('ul', { class: 'conv-hands' }, l.hands.map((x) => h('li', {}, withSuits(x)))) : null)));
    body.appendChild(h('section', { id: 'conv-' + g.id, 'data-testid': 'conv-group' },
      h('h2', {}, g.title),
      h('table', { class: 'conv-table' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, t('conv.auction')),
          h('th', { scope: 'col' }, t('conv.call')),
          h('th', { scope: 'col' }, t('conv.shows')))),
        h('tbody', {}, rows))));
  }
}
