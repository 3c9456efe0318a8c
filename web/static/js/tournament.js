// tournament: duplicate tournaments. The list with a creation form
// (#/tournaments) and one tournament (#/tournaments/ID): the ranking, the
// play button (a table of one's own with bots, the boards in order), and
// each board's frequency table with one's own result highlighted. The
// boards stay hidden from everybody until the tournament ends (the server
// answers 403): until then anybody could enter, play a board and pass it on.

import { api } from './api.js';
import { h, mount, clear, toast } from './dom.js';
import { t, errorText, seatName, suitSymbol } from './i18n.js';
import { fmtDate } from './lobby.js';
import { field, fmtNum, submitter, showList, getOrBack } from './competition.js';

function scoringLabel(s) { return t('tour.scoring.' + (s || 'mp')); }

// tourName is a tournament's name; the server's daily tournaments are named
// in the reader's language.
function tourName(x) {
  if (x.source !== 'daily') return x.name;
  const day = new Date(x.start);
  const date = isNaN(day) ? String(x.id || '').replace(/^daily-/, '')
    : day.toLocaleDateString(document.documentElement.lang || undefined, { timeZone: 'UTC', dateStyle: 'long' });
  return t('tour.daily', { date });
}

// errorDetail is the server's English detail of an error (which board of a
// PBN file is wrong, and why).
function errorDetail(e) {
  const err = e && e.body && e.body.error;
  return (err && typeof err === 'object' && err.detail) || '';
}

export async function showTournaments() {
  const name = h('input', { id: 'tn-name', type: 'text', maxlength: '80', required: true, 'data-testid': 'tour-name', value: '' });
  const boards = h('input', { id: 'tn-boards', type: 'number', min: '8', max: '36', value: '8', inputmode: 'numeric', 'data-testid': 'tour-boards' });
  const scoring = h('select', { id: 'tn-scoring', 'data-testid': 'tour-scoring' },
    ['mp', 'imp', 'butler'].map((s) => h('option', { value: s }, scoringLabel(s))));
  const hours = h('input', { id: 'tn-hours', type: 'number', min: '1', max: '720', value: '24', inputmode: 'numeric', 'data-testid': 'tour-hours' });
  const pbn = h('textarea', {
    id: 'tn-pbn', rows: '4', spellcheck: 'false', 'data-testid': 'tour-pbn', 'aria-describedby': 'tn-pbn-hint',
    oninput: () => { boards.disabled = pbn.value.trim() !== ''; },
  });
  const pbnFile = h('input', {
    id: 'tn-pbn-file', type: 'file', accept: '.pbn,.txt,text/plain', 'data-testid': 'tour-pbn-file',
    onchange: async () => {
      const f = pbnFile.files && pbnFile.files[0];
      if (!f) return;
      try {
        pbn.value = await f.text();
      } catch (e) {
        toast(t('err.badFile', { reason: String((e && e.message) || e) }));
      }
      boards.disabled = pbn.value.trim() !== '';
    },
  });
  const pbnError = h('p', { class: 'error', role: 'alert', 'data-testid': 'tour-pbn-error', hidden: true });
  const create = h('button', { type: 'submit', class: 'primary', 'data-testid': 'tour-create' }, t('tour.create'));
  const form = h('form', {
    class: 'new-game', 'aria-labelledby': 'tn-title',
    onsubmit: submitter(create, async () => {
      pbnError.hidden = true;
      const body = { name: name.value.trim(), scoring: scoring.value, hours: parseFloat(hours.value) || 0 };
      if (pbn.value.trim()) body.pbn = pbn.value;
      else body.boards = parseInt(boards.value, 10) || 0;
      const res = await api.post('/api/tournaments', body);
      return '#/tournaments/' + encodeURIComponent(res.id);
    }, (e) => {
      const text = errorText(e) + (e.code === 'bad_pbn' && errorDetail(e) ? ' ' + errorDetail(e) : '');
      if (e.code === 'bad_pbn') {
        pbnError.textContent = text;
        pbnError.hidden = false;
      }
      return text;
    }),
  },
  h('h2', { id: 'tn-title' }, t('tour.create')),
  field('tn-name', t('tour.name'), name),
  field('tn-boards', t('lobby.boards'), boards),
  field('tn-scoring', t('lobby.scoring'), scoring),
  field('tn-hours', t('tour.hours'), hours),
  h('fieldset', { class: 'field' },
    h('legend', {}, t('tour.pbn')),
    h('p', { id: 'tn-pbn-hint', class: 'muted' }, t('tour.pbnHint')),
    h('label', { for: 'tn-pbn-file' }, t('tour.pbnFile')), pbnFile,
    h('label', { for: 'tn-pbn', class: 'sr-only' }, t('tour.pbn')), pbn,
    pbnError),
  create);

  await showList({
    page: 'tournaments', title: t('tour.title'), list: 'tour-list', form,
    url: '/api/tournaments', key: 'tournaments', none: t('tour.none'),
    item: (x) => [h('a', { href: '#/tournaments/' + encodeURIComponent(x.id), 'data-testid': 'tour-link', dataset: { tour: x.id, source: x.source || '' } }, tourName(x)),
      ' · ', scoringLabel(x.scoring), ' · ', t('tour.boards') + t('punct.colon') + x.boards, ' · ',
      x.source === 'pbn' ? [t('tour.imported'), ' · '] : null,
      x.over ? t('tour.over') : t('tour.ends', { date: fmtDate(x.end) }),
      ' · ', t('tour.entries', { n: x.entries })],
  });
}

// contractText writes "4♠" or the passed-out label.
function contractText(c) {
  if (!c || c === 'Pass') return t('contract.passedOut');
  const m = String(c).match(/^([1-7])(NT|[SHDC])(X{0,2})$/);
  if (!m) return String(c);
  return m[1] + suitSymbol(m[2]) + m[3];
}

export async function showTournament(id, boardNo) {
  const info = await getOrBack('/api/tournaments/' + encodeURIComponent(id), '#/tournaments');
  if (!info) return;
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

  const rows = (info.standings || []).map((r) => h('tr', { class: r.you ? 'you' : '', 'data-testid': 'standing', dataset: { you: r.you ? '1' : '', out: r.outOfCompetition ? '1' : '' } },
    h('td', {}, r.outOfCompetition ? h('abbr', { title: t('tour.outOfCompetition') }, t('tour.outShort')) : String(r.rank) + (r.tied ? '=' : '')),
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
    h('h1', {}, tourName(tour)),
    h('p', { class: 'muted' }, scoringLabel(tour.scoring), ' · ', t('tour.boards') + t('punct.colon') + tour.boards, ' · ',
      tour.source === 'pbn' ? [t('tour.imported'), ' · '] : null,
      tour.over ? t('tour.over') : t('tour.ends', { date: fmtDate(tour.end) }), ' · ', t('tour.entries', { n: tour.entries })),
    play, ranking, h('h2', {}, t('tour.boards')), nav, panel, links));

  if (boardNo) await showBoard(id, boardNo, panel, imps);
}

async function showBoard(id, n, panel, imps) {
  panel.dataset.board = String(n);
  if (!panel.firstChild) panel.appendChild(h('p', { class: 'muted' }, t('common.loading')));
  let b;
  try {
    b = await api.get('/api/tournaments/' + encodeURIComponent(id) + '/boards/' + n);
  } catch (e) {
    clear(panel).append(h('h2', {}, t('table.board', { n })),
      h('p', { class: 'muted', 'data-testid': 'tour-hidden', dataset: { code: e.code || '' } },
        e.status === 403 ? t('tour.hiddenUntilEnd') : errorText(e)));
    return;
  }
  const head = [t('contract.label'), t('contract.declarer'), t('contract.tricks'), t('result.score'), t('tour.tables'),
    imps ? t('tour.impsSide', { side: t('side.NS') }) : t('side.NS'), imps ? t('tour.impsSide', { side: t('side.EW') }) : t('side.EW')];
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
    parts.push(h('p', { 'data-testid': 'tour-yours' }, h('strong', {}, t('tour.yours') + t('punct.colon')),
      contractText(b.yours.contract) + (b.yours.declarer ? ' ' + seatName(b.yours.declarer) : '') + (b.yours.result ? ' ' + b.yours.result : ''),
      ' · ', String(b.yours.scoreNS), ' · ',
      imps ? t('result.imps', { n: fmtNum(b.yours.score, 2) }) : t('result.matchpoints', { n: fmtNum(b.yours.percent, 1) })));
  }
  parts.push(freq);
  if (b.dd) {
    const strains = b.dd.strains;
    parts.push(h('table', { class: 'dd', 'data-testid': 'tour-dd' },
      h('caption', {}, t('analysis.ddTable')),
      h('thead', {}, h('tr', {}, h('td', {}), strains.map((s) => h('th', { scope: 'col' }, suitSymbol(s))))),
      h('tbody', {}, ['N', 'S', 'E', 'W'].map((seat) => h('tr', {}, h('th', { scope: 'row' }, seatName(seat)),
        b.dd.tricks[seat].map((x) => h('td', {}, String(x))))))));
    parts.push(h('p', { 'data-testid': 'tour-par' }, t('analysis.parScore', {
      score: String(b.dd.parScoreNS), contracts: (b.dd.par || []).join(', ') || t('contract.passedOut'),
    })));
  }
  if (b.ddPending) {
    // The analysis is being computed: ask again in a moment, while this
    // board is still the one shown.
    parts.push(h('p', { class: 'muted', 'data-testid': 'tour-dd-pending' }, t('analysis.computing')));
    const tries = (panel._ddTries || 0) + 1;
    panel._ddTries = tries;
    if (tries <= 40) {
      setTimeout(() => {
        if (panel.isConnected && panel._ddTries === tries && panel.dataset.board === String(n)) showBoard(id, n, panel, imps);
      }, 3000);
    }
  } else {
    panel._ddTries = 0;
  }
  clear(panel).append(...parts);
}
