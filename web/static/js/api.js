// api: JSON over HTTP with the double-submit CSRF token.

// ApiError carries the HTTP status and the server's message.
export class ApiError extends Error {
  constructor(status, message, body) {
    super(message || ('HTTP ' + status));
    this.status = status;
    this.body = body;
  }
}

function cookie(name) {
  const m = document.cookie.match(new RegExp('(?:^|;\\s*)' + name + '=([^;]*)'));
  return m ? decodeURIComponent(m[1]) : '';
}

async function request(method, path, body) {
  const opts = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (method !== 'GET') {
    opts.headers['X-CSRF-Token'] = cookie('atout_csrf');
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = JSON.stringify(body);
    }
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw new ApiError(0, 'network');
  }
  const type = res.headers.get('Content-Type') || '';
  let data = null;
  if (type.includes('json')) {
    try { data = await res.json(); } catch (e) { data = null; }
  } else {
    data = await res.text();
  }
  if (!res.ok) {
    const msg = data && typeof data === 'object' ? (data.message || data.error) : (typeof data === 'string' ? data.trim() : '');
    throw new ApiError(res.status, msg, data);
  }
  return data;
}

export const api = {
  get: (path) => request('GET', path),
  post: (path, body) => request('POST', path, body === undefined ? {} : body),
  del: (path) => request('DELETE', path),
  // text fetches a non-JSON resource (a rules page, an export).
  text: async (path) => {
    const res = await fetch(path, { credentials: 'same-origin' });
    if (!res.ok) throw new ApiError(res.status, (await res.text()).trim());
    return res.text();
  },
  // ensureCSRF makes sure the CSRF cookie exists (GET /api/me sets it).
  csrf: () => cookie('atout_csrf'),
};
