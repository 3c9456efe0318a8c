// duplicate: belote duplicates. The list with a creation form
// (#/duplicate) and one event (#/duplicate/ID[/N]): registration of a team
// (alone with a bot partner, or inviting a partner by username, who
// accepts or declines here), the organiser's start (which closes the
// registration and opens every team's table), the live
// ranking (points relative to the field, per deal played), one's own
// result on each deal, and a deal's results once one's team has played it
// (the server answers 403 before).

import { api } from './api.js';
import { h, mount, clear, toast } from './dom.js';
import { t, errorText, seatName, sideName, suitSymbol, rankText } from './i18n.js';
import { fmtDate } from './lobby.js';
import { sataChoice } from './sata.js';
import { field, fmtNum, levelSelect, submitter, showList, getOrBack, reloadLater } from './competition.js';

export async function showDuplicates() {
  const name = h('input', { id: 'bd-name', type: 'text', maxlength: '80', required: true, 'data-testid': 'bd-name', value: '' });
  const deals = h('input', { id: 'bd-deals', type: 'number', min: '1', max: '36', value: '8', inputmode: 'numeric', 'data-testid': 'bd-deals' });
  const mode = h('select', { id: 'bd-mode', 'data-testid': 'bd-mode' },
    ['classic', 'notrump', 'coinche'].map((m) => h('option', { value: m }, t('mode.' + m))));
  const rules = h('select', { id: 'bd-rules', 'data-testid': 'bd-rules' },
    ['maison', 'official'].map((r) => h('option', { value: r }, t('rules.' + r))));
  const ann = h('input', { id: 'bd-ann', type: 'checkbox', 'data-testid': 'bd-ann', checked: true });
  // Sans-atout and tout-atout bids at every table: coinche only, off unless
  // ticked, with the line of what they change under the rules chosen (as
  // in the New game window).
  const { input: sata, box: sataBox, line: sataLine } = sataChoice({ id: 'bd-sata', check: 'bd-sata', testid: 'bd-sata', mode, rules });
  const level = levelSelect('bd-level', 'bd-level');
  const create = h('button', { type: 'submit', class: 'primary', 'data-testid': 'bd-create' }, t('dup.create'));
  const form = h('form', {
    class: 'new-game', 'aria-labelledby': 'bd-title',
    onsubmit: submitter(create, async () => {
      const body = {
        name: name.value.trim(), deals: parseInt(deals.value, 10) || 0, mode: mode.value, rules: rules.value,
        announcements: ann.checked, level: level.value,
      };
      if (mode.value === 'coinche' && sata.checked) body.sata = true;
      const res = await api.post('/api/beloteduplicates', body);
      return '#/duplicate/' + encodeURIComponent(res.id);
    }),
  },
  h('h2', { id: 'bd-title' }, t('dup.create')),
  field('bd-name', t('tour.name'), name),
  field('bd-deals', t('dup.deals'), deals),
  field('bd-mode', t('lobby.mode'), mode),
  field('bd-rules', t('lobby.rules'), rules),
  sataLine,
  h('div', { class: 'field check' }, ann, h('label', { for: 'bd-ann' }, t('lobby.announcements'))),
  sataBox,
  field('bd-level', t('lobby.bots'), level),
  create);

  await showList({
    page: 'duplicates', title: t('dup.title'), list: 'bd-list', form,
    url: '/api/beloteduplicates', key: 'events', none: t('dup.none'),
    item: (x) => [h('a', { href: '#/duplicate/' + encodeURIComponent(x.id), 'data-testid': 'bd-link', dataset: { event: x.id } }, x.name),
      ' · ', t('mode.' + x.mode), x.sata ? [' · ', t('lobby.sata')] : [], ' · ', t('dup.deals') + t('punct.colon') + x.deals, ' · ', fmtDate(x.created)],
  });
}

let refreshTimer = 0;

export async function showDuplicate(id, dealNo) {
  clearTimeout(refreshTimer);
  const info = await getOrBack('/api/beloteduplicates/' + encodeURIComponent(id), '#/duplicate');
  if (!info) return;
  const ev = info.event;
  const base = '/api/beloteduplicates/' + encodeURIComponent(id);

  const reload = () => showDuplicate(id, dealNo);
  const post = (path, body) => async () => {
    try { await api.post(base + path, body); } catch (e) { toast(errorText(e)); }
    reload();
  };
  let action;
  const you = info.you;
  if (you && you.invited) {
    // Named as a team's partner: he plays for it only once he accepts.
    action = h('div', { class: 'invite-ask', 'data-testid': 'bd-invited', role: 'group' },
      h('p', {}, t('dup.invited', { team: you.team })),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'bd-accept', onclick: post('/answer', { accept: true }) }, t('invite.accept')),
      h('button', { type: 'button', 'data-testid': 'bd-decline', onclick: post('/answer', { accept: false }) }, t('invite.decline')));
  } else if (you && you.table) {
    action = h('a', { href: '#/t/' + encodeURIComponent(you.table), class: 'button-link primary', 'data-testid': 'bd-play' },
      t('table.play') + ' (' + you.team + ')');
  } else if (you && !ev.open) {
    // Started, but the team's table is not open yet: asking opens it.
    const open = h('button', { type: 'button', class: 'primary', 'data-testid': 'bd-play' }, t('table.play') + ' (' + you.team + ')');
    open.onclick = async () => {
      try {
        const res = await api.post(base + '/join', { team: you.team });
        location.hash = '#/t/' + encodeURIComponent(res.table);
      } catch (e) { toast(errorText(e)); }
    };
    action = open;
  } else if (you) {
    action = h('p', { class: 'muted', 'data-testid': 'bd-wait-start', role: 'status' }, t('dup.waitStart', { team: you.team }));
  } else if (ev.open) {
    const team = h('input', { id: 'bd-team', type: 'text', maxlength: '40', required: true, 'data-testid': 'bd-team', value: '' });
    const partner = h('input', { id: 'bd-partner', type: 'text', maxlength: '64', autocomplete: 'off', 'data-testid': 'bd-partner', value: '', placeholder: t('tm.bot') });
    const join = h('button', { type: 'submit', class: 'primary', 'data-testid': 'bd-join' }, t('dup.join'));
    action = h('form', {
      class: 'new-game',
      onsubmit: submitter(join, async () => {
        await api.post(base + '/join', { team: team.value.trim(), partner: partner.value.trim() });
        reload(); // registered: the page now says the team waits for the start
        return location.hash;
      }),
    }, field('bd-team', t('dup.team'), team), field('bd-partner', t('dup.partner'), partner), join);
  } else {
    action = h('p', { class: 'muted', 'data-testid': 'bd-closed' }, t('dup.closed'));
  }
  // The organiser starts the event: the registration closes before any deal is dealt.
  const start = ev.organiser && ev.open ? h('div', { class: 'panel', 'data-testid': 'bd-start-box' },
    h('p', { class: 'muted' }, t('dup.startHelp')),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'bd-start', onclick: post('/start', {}) }, t('dup.start'))) : null;

  const standings = h('table', { class: 'history', 'data-testid': 'bd-ranking' },
    h('caption', {}, t('tour.ranking')),
    h('thead', {}, h('tr', {}, [t('tour.rank'), t('dup.team'), t('dup.deals'), t('dup.relative'), t('dup.perDeal')]
      .map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, (info.standings || []).map((r) => h('tr', { class: r.you ? 'you' : '', 'data-testid': 'bd-standing', dataset: { you: r.you ? '1' : '' } },
      h('td', {}, String(r.rank) + (r.tied ? '=' : '')), h('td', {}, r.team), h('td', {}, String(r.deals)),
      h('td', {}, fmtNum(r.relative, 1)), h('td', {}, fmtNum(r.perDeal, 1))))));
  const teams = h('ul', { 'data-testid': 'bd-teams' }, (info.teams || []).map((x) => h('li', { class: x.you ? 'you' : '' },
    h('strong', {}, x.name), ' · ', x.members.map((m) => (m.bot ? t('tm.bot') : m.name)).join(' & '),
    x.invited ? ' (' + t('invite.pending') + ')' : '', ' · ', t('dup.deals') + t('punct.colon') + x.deals)));
  const dealRows = (info.deals || []).map((d) => h('tr', { 'data-testid': 'bd-deal', dataset: { deal: String(d.deal), visible: d.visible ? '1' : '' } },
    h('td', {}, d.visible ? h('a', { href: '#/duplicate/' + encodeURIComponent(id) + '/' + d.deal }, String(d.deal)) : String(d.deal)),
    h('td', {}, String(d.played)),
    h('td', {}, d.yours ? d.yours.points + ' – ' + d.yours.against : ''),
    h('td', {}, d.yours ? fmtNum(d.yours.relative, 1) : '')));
  const deals = h('table', { class: 'history', 'data-testid': 'bd-deals' },
    h('thead', {}, h('tr', {}, ['#', t('tour.tables'), t('tour.yours'), t('dup.relative')].map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, dealRows));
  const panel = h('section', { class: 'panel', 'data-testid': 'bd-deal-panel', 'aria-live': 'polite' });

  mount(h('div', { class: 'page', 'data-testid': 'duplicate', dataset: { event: id } },
    h('p', {}, h('a', { href: '#/duplicate' }, t('common.back'))),
    h('h1', {}, ev.name),
    h('p', { class: 'muted', 'data-testid': 'bd-rules-line' }, t('game.belote'), ' · ', t('mode.' + ev.mode), ' · ', t('rules.' + ev.rules),
      ev.sata ? h('span', { 'data-testid': 'bd-sata-on' }, ' · ', t('lobby.sata')) : [], ' · ', t('dup.deals') + t('punct.colon') + ev.deals),
    ev.sata ? h('p', { class: 'muted', 'data-testid': 'bd-sata-rules' }, t(ev.rules === 'official' ? 'lobby.sata.official' : 'lobby.sata.maison')) : [],
    action, start, h('div', { class: 'scroll-x' }, standings), h('h2', {}, t('dup.team')), teams, h('h2', {}, t('dup.deals')),
    h('div', { class: 'scroll-x' }, deals), panel));
  if (dealNo) await showDeal(base, dealNo, panel);
  refreshTimer = reloadLater(() => showDuplicate(id, dealNo));
}

function cardText(c) {
  // Cards come suit first ("SJ", "H9").
  return suitSymbol(c[0]) + rankText(c.slice(1));
}

async function showDeal(base, n, panel) {
  clear(panel).appendChild(h('p', { class: 'muted' }, t('common.loading')));
  let d;
  try {
    d = await api.get(base + '/deals/' + n);
  } catch (e) {
    clear(panel).append(h('h2', {}, '#' + n),
      h('p', { class: 'muted', 'data-testid': 'bd-hidden' }, e.status === 403 ? t('tour.hidden') : errorText(e)));
    return;
  }
  const rows = (d.results || []).map((r) => h('tr', { class: r.you ? 'you' : '' },
    h('td', {}, r.team), h('td', {}, sideName(r.side)), h('td', {}, r.points + ' – ' + r.against),
    h('td', {}, String(r.net)), h('td', {}, fmtNum(r.relative, 1))));
  clear(panel).append(h('h2', {}, '#' + n),
    h('p', { class: 'muted' }, t('table.dealer', { seat: seatName(d.dealer) })),
    h('p', { class: 'deck' }, (d.deck || []).map(cardText).join(' ')),
    h('div', { class: 'scroll-x' }, h('table', { class: 'history', 'data-testid': 'bd-results' },
      h('thead', {}, h('tr', {}, [t('dup.team'), t('side.NS') + '/' + t('side.EW'), t('result.score'), '±', t('dup.relative')]
        .map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, rows))));
}
