// invite: invitations to a casual table. Its owner copies the link
// (/t/ID?invite=…); a guest who opened it takes a bot's seat.

import { h, toast } from '../dom.js';
import { t, seatName, errorText } from '../i18n.js';
import { api } from '../api.js';

// rememberInvite keeps the secret of an invitation link (/t/ID?invite=…)
// for the tab's session: it lets the guest take a bot's seat at table id.
export function rememberInvite(id, secret) {
  try { sessionStorage.setItem('atout.invite.' + id, secret); } catch (e) { /* storage off: no seat offered */ }
}

function invitation(id) {
  try { return sessionStorage.getItem('atout.invite.' + id) || ''; } catch (e) { return ''; }
}

// inviteButton copies the table's invitation link (for its owner), or
// returns null.
export function inviteButton(c, id) {
  if (!c.table.invite) return null;
  const link = location.origin + '/t/' + encodeURIComponent(id) + '?invite=' + encodeURIComponent(c.table.invite);
  return h('button', {
    type: 'button', 'data-testid': 'invite-btn', 'data-link': link,
    onclick: async () => {
      try { await navigator.clipboard.writeText(link); toast(t('table.inviteCopied')); } catch (e) { window.prompt(t('table.inviteLink'), link); }
    },
  }, t('table.inviteLink'));
}

// sitButtons let an invited onlooker take a bot's seat.
export function sitButtons(c, id) {
  const inv = invitation(id);
  if (c.seat || !inv || c.table.over) return [];
  return ['N', 'E', 'S', 'W'].filter((s) => (c.seats[s] || {}).bot).map((s) => h('button', {
    type: 'button', 'data-testid': 'sit-' + s,
    onclick: async () => {
      try { await api.post('/api/tables/' + encodeURIComponent(id) + '/sit', { seat: s, invite: inv }); } catch (e) { toast(errorText(e)); }
    },
  }, t('table.sitAt', { seat: seatName(s) })));
}
