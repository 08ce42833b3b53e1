// api.js: the server's HTTP JSON API (docs/serve.md).

// Refused is a command or question the server refused, with its rule.
export class Refused extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.rule = body && body.rule ? body.rule : '';
  }
}

async function call(method, path, body) {
  const opts = { method, headers: {} };
  // the server takes a request that changes a game only as JSON
  // (a page of another site cannot send one without its permission)
  if (body !== undefined || method !== 'GET') {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body === undefined ? {} : body);
  }
  const res = await fetch(path, opts);
  const text = await res.text();
  let data;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!res.ok) throw new Refused(res.status, data);
  return data;
}

export const scenarios = () => call('GET', '/api/scenarios');
export const computers = () => call('GET', '/api/computers');
export const rules = () => call('GET', '/api/rules');
export const createGame = (req) => call('POST', '/api/games', req);
export const lobby = () => call('GET', '/api/lobby');
export const offer = (token) => call('POST', '/api/lobby', { token });
export const join = (game) => call('POST', `/api/lobby/${game}/join`);

// Game is one link's handle on a game.
export class Game {
  constructor(token) {
    this.token = token;
    this.base = `/api/g/${token}`;
  }
  view(logFrom = 0, epoch = 0) { return call('GET', `${this.base}?log=${logFrom}&epoch=${epoch}`); }
  command(command) { return call('POST', `${this.base}/command`, { command }); }
  undo() { return call('POST', `${this.base}/undo`); }
  reach(unit) { return call('GET', `${this.base}/reach?unit=${encodeURIComponent(unit)}`); }
  preview(hex, from) { return call('GET', `${this.base}/preview?hex=${hex}&from=${from.join(',')}`); }
  hex(id) { return call('GET', `${this.base}/hex?id=${id}`); }
  overlay(kind, side = '') { return call('GET', `${this.base}/overlay?kind=${kind}&side=${side}`); }
  at(n) { return call('GET', `${this.base}/at?n=${n}`); }
  geometry() { return call('GET', `${this.base}/map.json`); }
  async terrain() {
    const res = await fetch(`${this.base}/map.svg`);
    if (!res.ok) throw new Refused(res.status, null);
    return res.text();
  }
  chat(from = 0) { return call('GET', `${this.base}/chat?from=${from}`); }
  say(text) { return call('POST', `${this.base}/chat`, { text }); }
  charts() { return call('GET', `${this.base}/charts`); }
  get recordURL() { return `${this.base}/record`; }
  // events calls onUpdate(version) whenever the game changes.
  events(onUpdate) {
    const es = new EventSource(`${this.base}/events`);
    es.addEventListener('update', (e) => onUpdate(JSON.parse(e.data).version));
    return es;
  }
}
