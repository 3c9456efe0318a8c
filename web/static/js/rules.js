// rules: the rules pages of both games, in the language in use.

import { api } from './api.js';
import { h, mount } from './dom.js';
import { t, lang } from './i18n.js';

export async function showRules(game) {
  if (game !== 'belote') game = 'bridge';
  const body = h('div', { class: 'rules-body', 'data-testid': 'rules-body', lang: lang() }, t('common.loading'));
  mount(h('section', { class: 'page rules', 'data-testid': 'rules' },
    h('nav', { class: 'tabs', 'aria-label': t('rules.label') },
      h('a', { href: '#/rules/bridge', 'aria-current': game === 'bridge' ? 'page' : false, 'data-testid': 'rules-bridge' }, t('rules.bridge')),
      h('a', { href: '#/rules/belote', 'aria-current': game === 'belote' ? 'page' : false, 'data-testid': 'rules-belote' }, t('rules.belote')),
      h('a', { href: '#/conventions', 'data-testid': 'rules-conventions' }, t('conv.title'))),
    body));
  try {
    // The server sends a trusted HTML fragment made from its own files.
    body.innerHTML = await api.text('/api/rules/' + game + '?lang=' + encodeURIComponent(lang()));
  } catch (e) {
    body.textContent = t('err.network');
  }
}
