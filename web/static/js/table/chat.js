// chat: the table's chat: the lines said, newest last, and a box to say
// one. Text is always set as text, never as markup.

import { h } from '../dom.js';
import { t, seatName } from '../i18n.js';

// CHAT_LINES is how many lines the chat keeps.
const CHAT_LINES = 100;

// addLine keeps a chat message (protocol's chat: seat, name, text).
export function addLine(ui, m) {
  ui.chat.push(m);
  if (ui.chat.length > CHAT_LINES) ui.chat.shift();
}

// chatPanel draws the chat.
export function chatPanel(c) {
  const log = h('ol', { class: 'chat-log', 'data-testid': 'chat-log', 'aria-live': 'polite' });
  for (const l of c.ui.chat) {
    log.appendChild(h('li', {}, h('span', { class: 'chat-name' }, (l.name || seatName(l.seat)) + t('punct.colon')), h('span', { class: 'chat-text' }, l.text)));
  }
  const input = h('input', { type: 'text', maxlength: '300', 'data-testid': 'chat-input', 'aria-label': t('table.chat'), placeholder: t('table.chatPlaceholder') });
  const form = h('form', {
    class: 'chat-form',
    onsubmit: (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      c.send({ type: 'chat', text });
      input.value = '';
    },
  }, input, h('button', { type: 'submit', 'data-testid': 'chat-send' }, t('table.chatSend')));
  return h('section', { class: 'chat', 'data-testid': 'chat', 'aria-label': t('table.chat') }, h('h2', {}, t('table.chat')), log, form);
}
