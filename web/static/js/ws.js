// ws: the table's WebSocket, reconnecting with exponential backoff. The
// server sends a fresh `state` on every (re)connection, so the client only
// has to redraw from it: no local replay of missed messages is needed.

import { lang } from './i18n.js';

export class TableSocket {
  // onMessage(msg) gets every decoded message; onStatus(connected) the
  // connection changes.
  constructor(tableID, onMessage, onStatus) {
    this.tableID = tableID;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 250;
    this.closed = false;
    this.ws = null;
    this.timer = 0;
    this.pinger = 0;
    this.queue = [];
    this.connect();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The page's language: the server words the calls' meanings in it.
    return proto + '//' + location.host + '/ws/' + encodeURIComponent(this.tableID) + '?lang=' + encodeURIComponent(lang());
  }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 250;
      this.onStatus(true);
      const q = this.queue;
      this.queue = [];
      for (const m of q) ws.send(JSON.stringify(m));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      if (this.ws === ws) this.ws = null;
      if (!this.closed) {
        this.onStatus(false);
        this.retry();
      }
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  retry() {
    clearTimeout(this.timer);
    const jitter = Math.random() * this.delay * 0.3;
    this.timer = setTimeout(() => this.connect(), this.delay + jitter);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  // send writes msg now, or queues it (pings are dropped) until the socket opens.
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else if (msg.type !== 'ping') {
      this.queue.push(msg);
    }
  }

  get connected() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  // reconnect drops the connection and opens a new one at once (the page
  // changed language: the server words the next states in the new one,
  // which the URL names).
  reconnect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
    }
    this.delay = 250;
    this.connect();
  }

  // close stops for good (leaving the table).
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
