// tournament: duplicate tournaments. The list with a creation form
// (#/tournaments) and one tournament (#/tournaments/ID): the ranking, the
// play button (a table of one's own with bots, the boards in order), and
// each board's frequency table with one's own result highlighted. A board's
// results stay hidden until one has played it (the server answers 403).

import { api } from './api.js';
import { h, mount, clear, toast } from './dom.js';
import { t, errorText, seatName, suitSymbol } from './i18n.js';
import { fmtDate } from './lobby.js';

function field(id, label, control) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

function scoringLabel(s) { return t('tour.scoring.' + (s || 'mp')); }

export async function showTournaments() {
  const name = h('input', { id: 'tn-name', type: 'text', maxlength: '80', required: true, 'data-testid': 'tour-name', value: '' });
  const boards = h('input', { id: 'tn-boards', type: 'number', min: '8', max: '36', value: '8', inputmode: 'numeric', 'data-testid': 'tour-boards' });
  const scoring = h('select', { id: 'tn-scoring', 'data-testid': 'tour-scoring' },
    ['mp', 'imp', 'butler'].map((s) => h('option', { value: s }, scoringLabel(s))));
  const hours = h('input', { id: 'tn-hours', type: 'number', min: '1', max: '720', value: '24', inputmode: 'numeric', 'data-testid': 'tour-hours' });
  const create = h('button', { type: 'submit', class: 'primary', 'data-testid': 'tour-create' }, t('tour.create'));
  const form = h('form', {
    class: 'new-game', 'aria-labelledby': 'tn-title',
    onsubmit: async (ev) => {
      ev.preventDefault();
      create.disabled = true;
      try {
        const res = await api.post('/api/tournaments', {
          name: name.value.trim(), boards: parseInt(boards.value, 10) || 0,
          scoring: scoring.value, hours: parseFloat(hours.value) || 0,
        });
        location.hash = '#/tournaments/' + encodeURIComponent(res.id);
      } catch (e) {
        toast(errorText(e));
        create.disabled = false;
      }
    },
  },
  h('h2', { id: 'tn-title' }, t('tour.create')),
  field('tn-name', t('tour.name'), name),
  field('tn-boards', t('lobby.boards'), boards),
  field('tn-scoring', t('lobby.scoring'), scoring),
  field('tn-hours', t('tour.hours'), hours),
  create);

  const list = h('ul', { class: 'resume', 'data-testid': 'tour-list' });
  mount(h('div', { class: 'page lobby', 'data-testid': 'tournaments' },
    h('section', { class: 'panel' }, h('h1', {}, t('tour.title')), list), form));
  let res;
  try {
    res = await api.get('/api/tournaments');
  } catch (e) {
    list.appendChild(h('li', { class: 'muted' }, errorText(e)));
    return;
  }
  const tours = (res && res.tournaments) || [];
  if (!tours.length) { list.appendChild(h('li', { class: 'muted' }, t('tour.none'))); return; }
  for (const x of tours) {
    list.appendChild(h('li', {},
      h('a', { href: '#/tournaments/' + encodeURIComponent(x.id), 'data-testid': 'tour-link', dataset: { tour: x.id } }, x.name),
      ' · ', scoringLabel(x.scoring), ' · ', t('tour.boards') + ': ' + x.boards, ' · ',
      x.over ? t('tour.over') : t('tour.ends', { date: fmtDate(x.end) }),
      ' · ', t('tour.entries', { n: x.entries })));
  }
}

function fmtNum(x, digits) {
  if (typeof x !== 'number') return '';
  return x.toLocaleString(document.documentElement.lang || undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

// contractText writes "4♠" or the passed-out label.
function contractText(c) {
  if (!c || c === 'Pass' || c === 'P' || c === 'pass' || c === 'PASS') return t('contract.passedOut');
  const m = String(c).match(/^([1-7])(NT|[SHDC])(X{0,2})$/);
  if (!m) return String(c);
  return m[1] + suitSymbol(m[2]) + m[3];
}

export async function showTournament(id, boardNo) {
  let info;
  try {
    info = await api.get('/api/tournaments/' + encodeURIComponent(id));
  } catch (e) {
    mount(h('section', { class: 'page' }, h('p', { class: 'muted' }, errorText(e)),
      h('a', { href: '#/tournaments' }, t('common.back'))));
    return;
  }
  const tour = info.tournament;
  const imps = tour.scoring !== 'mp';
  const played = new Set(info.youPlayed || []);

  const play = h('button', {
    type: 'button', class: 'primary big', 'data-testid': 'tour-play', disabled: !tour.open || played.size >= tour.boards,
    onclick: async () => {
      play.disabled = true;
      try {
        const res = await api.post('/api/tournaments/' + encodeURIComponent(id) + '/play');
        location.hash = '#/t/' + encodeURIComponent(res.table);
      } catch (e) {
        toast(errorText(e));
        play.disabled = false;
      }
    },
  }, t('table.play'));

  const rows = (info.standings || []).map((r) => h('tr', { class: r.you ? 'you' : '', 'data-testid': 'standing', dataset: { you: r.you ? '1' : '' } },
    h('td', {}, String(r.rank) + (r.tied ? '=' : '')),
    h('td', {}, r.name || t('account.guest')),
    h('td', {}, String(r.boards)),
    h('td', {}, imps ? fmtNum(r.score, 1) : t('result.matchpoints', { n: fmtNum(r.percent, 2) }))));
  const ranking = h('table', { class: 'history', 'data-testid': 'tour-ranking' },
    h('caption', {}, t('tour.ranking')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('tour.rank')), h('th', { scope: 'col' }, t('tour.player')),
      h('th', { scope: 'col' }, t('tour.boardsPlayed')), h('th', { scope: 'col' }, t('result.score')))),
    h('tbody', {}, rows));

  const panel = h('section', { class: 'panel', 'data-testid': 'tour-board', 'aria-live': 'polite' });
  const nav = h('div', { class: 'tour-boards', role: 'group', 'aria-label': t('tour.boards') },
    (info.numbers || []).map((n) => h('a', {
      href: '#/tournaments/' + encodeURIComponent(id) + '/' + n, class: 'button' + (played.has(n) ? ' played' : ''),
      'data-testid': 'tour-board-link', dataset: { board: String(n), played: played.has(n) ? '1' : '' },
      'aria-current': n === boardNo ? 'true' : false,
    }, String(n))));

  const links = h('p', {},
    h('a', { href: '/api/tournaments/' + encodeURIComponent(id) + '/records', target: '_blank', rel: 'noopener', 'data-testid': 'tour-records' }, t('tour.records')),
    tour.over ? [' · ', h('a', { href: '/api/tournaments/' + encodeURIComponent(id) + '/export.pbn', download: '', 'data-testid': 'tour-export' }, t('history.exportPBN'))] : null);

  mount(h('div', { class: 'page', 'data-testid': 'tournament', dataset: { tour: id } },
    h('p', {}, h('a', { href: '#/tournaments' }, t('common.back'))),
    h('h1', {}, tour.name),
    h('p', { class: 'muted' }, scoringLabel(tour.scoring), ' · ', t('tour.boards') + ': ' + tour.boards, ' · ',
      tour.over ? t('tour.over') : t('tour.ends', { date: fmtDate(tour.end) }), ' · ', t('tour.entries', { n: tour.entries })),
    play, ranking, h('h2', {}, t('tour.boards')), nav, panel, links));

  if (boardNo) await showBoard(id, boardNo, panel, imps);
}

async function showBoard(id, n, panel, imps) {
  clear(panel).appendChild(h('p', { class: 'muted' }, t('common.loading')));
  let b;
  try {
    b = await api.get('/api/tournaments/' + encodeURIComponent(id) + '/boards/' + n);
  } catch (e) {
    clear(panel).append(h('h2', {}, t('table.board', { n })),
      h('p', { class: 'muted', 'data-testid': 'tour-hidden', dataset: { code: e.code || '' } },
        e.status === 403 ? t('tour.hidden') : errorText(e)));
    return;
  }
  const head = [t('contract.label'), t('contract.declarer'), t('contract.tricks'), t('result.score'), t('tour.tables'),
    imps ? 'IMP ' + t('side.NS') : t('side.NS'), imps ? 'IMP ' + t('side.EW') : t('side.EW')];
  const score = (v, pct) => imps ? fmtNum(v, 2) : fmtNum(v, 1) + ' (' + t('result.matchpoints', { n: fmtNum(pct, 1) }) + ')';
  const rows = (b.rows || []).map((r) => h('tr', {
    class: r.yours ? 'you' : '', 'data-testid': 'freq-row', dataset: { yours: r.yours ? '1' : '', count: String(r.count), contract: r.contract, scoreNs: String(r.scoreNS) },
  },
  h('td', {}, contractText(r.contract) + (r.result ? ' ' + r.result : '')),
  h('td', {}, r.declarer ? seatName(r.declarer) : ''),
  h('td', {}, r.declarer ? String(r.tricks) : ''),
  h('td', {}, String(r.scoreNS)),
  h('td', {}, String(r.count)),
  h('td', {}, score(r.ns, r.nsPercent)),
  h('td', {}, score(r.ew, r.ewPercent))));
  const freq = h('table', { class: 'history', 'data-testid': 'freq-table', dataset: { played: String(b.played) } },
    h('caption', {}, t('tour.frequency')),
    h('thead', {}, h('tr', {}, head.map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, rows));
  const parts = [h('h2', {}, t('table.board', { n })),
    h('p', { class: 'muted' }, t('table.dealer', { seat: seatName(b.dealer) }), ' · ', t('vul.' + b.vul))];
  if (b.yours) {
    parts.push(h('p', { 'data-testid': 'tour-yours' }, h('strong', {}, t('tour.yours') + ': '),
      contractText(b.yours.contract) + (b.yours.declarer ? ' ' + seatName(b.yours.declarer) : '') + (b.yours.result ? ' ' + b.yours.result : ''),
      ' · ', String(b.yours.scoreNS), ' · ',
      imps ? t('result.imps', { n: fmtNum(b.yours.score, 2) }) : t('result.matchpoints', { n: fmtNum(b.yours.percent, 1) })));
  }
  parts.push(freq);
  if (b.dd) {
    const strains = b.dd.strains || ['C', 'D', 'H', 'S', 'NT'];
    parts.push(h('table', { class: 'dd', 'data-testid': 'tour-dd' },
      h('caption', {}, t('analysis.ddTable')),
      h('thead', {}, h('tr', {}, h('td', {}), strains.map((s) => h('th', { scope: 'col' }, suitSymbol(s))))),
      h('tbody', {}, ['N', 'S', 'E', 'W'].map((seat) => h('tr', {}, h('th', { scope: 'row' }, seatName(seat)),
        ((b.dd.tricks || {})[seat] || []).map((x) => h('td', {}, String(x))))))));
    parts.push(h('p', { 'data-testid': 'tour-par' }, t('analysis.parScore', {
      score: String(b.dd.parScoreNS), contracts: (b.dd.par || []).join(', ') || t('contract.passedOut'),
    })));
  }
  clear(panel).append(...parts);
}
