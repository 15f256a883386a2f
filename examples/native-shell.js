// The simulated native shell of native-shell.html: no inline script, so the page's CSP needs no 'unsafe-inline'.
// The wire format of bridge/PROTOCOL.md (shown as /bridge/protocol.html), written out by hand as a native shell would.
const NS = 'merchant-ads',
  V = 1;
const frame = document.getElementById('webview');
const log = document.getElementById('messages');
const count = document.getElementById('count');
/** The log keeps the latest messages only: the page re-sends `ready` every 8 s while nobody answers. */
const MAX_ENTRIES = 200;
let seq = 0;
let answered = false;
let total = 0;

/** A payload in a few words for the one-line summary: `key: value` pairs, long values cut (the full one is below). */
function summarize(payload) {
  if (payload === null || typeof payload !== 'object') return payload === undefined ? '' : String(payload);
  const short = (v) => {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s.length > 48 ? `${s.slice(0, 47)}…` : s;
  };
  return Object.entries(payload)
    .map(([k, v]) => `${k}: ${k === 'token' ? `${String(v).slice(0, 8)}…` : short(v)}`)
    .join(', ');
}

/**
 * One entry per message: a summary line (time, direction, type, summary) that never wraps, and the whole message
 * pretty-printed under it on demand. A native <details>: it opens with the mouse or the keyboard, with no script.
 * Everything from the wire goes in as text, never as HTML.
 */
function write(from, raw) {
  let m = null;
  try {
    m = JSON.parse(raw);
  } catch {
    /* not JSON: logged as it came */
  }
  const ours = m && typeof m === 'object' && m.ns === NS;
  const entry = document.createElement('li');
  entry.className = from; // 'web' (web → shell) or 'shell' (shell → web)
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  const part = (tag, className, text) => {
    const el = document.createElement(tag);
    el.className = className;
    el.textContent = text;
    // Spaces between the parts (flex drops them): the line reads, and copies, as "12:00:01 web → shell ready …".
    if (summary.childElementCount) summary.append(' ');
    summary.append(el);
    return el;
  };
  const now = new Date();
  part('time', 'at', now.toLocaleTimeString()).dateTime = now.toISOString();
  part('span', 'dir', from === 'web' ? 'web → shell' : 'shell → web');
  part('span', 'type', ours ? String(m.type) : m ? '(not ours)' : '(not JSON)');
  const kind = ours && m.kind !== 'event' ? `${m.kind}${m.re ? ` to ${m.re}` : ''}: ` : '';
  part('span', 'sum', ours ? kind + summarize(m.payload) : String(raw));
  const body = document.createElement('pre');
  body.textContent = m ? JSON.stringify(m, null, 2) : String(raw);
  details.append(summary, body);
  entry.append(details);

  // Follow new messages only when the reader is at the bottom already (not while they read an older one).
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  log.append(entry);
  while (log.childElementCount > MAX_ENTRIES) log.firstElementChild.remove();
  total += 1;
  count.textContent =
    total > MAX_ENTRIES
      ? `${total} messages, the latest ${MAX_ENTRIES} shown`
      : `${total} message${total === 1 ? '' : 's'}`;
  if (atBottom) log.scrollTop = log.scrollHeight;
}
document.getElementById('clear').onclick = () => {
  log.replaceChildren();
  total = 0;
  count.textContent = 'no messages yet';
};

const target = () => new URL(frame.src).origin;
function send(type, payload = {}) {
  const msg = JSON.stringify({ ns: NS, v: V, id: `shell-${++seq}`, kind: 'event', type, payload });
  write('shell', msg);
  frame.contentWindow.postMessage(msg, target());
}
// The shell owns the token, as a native app does: the page keeps a shell's token in memory only, so every
// (re)load gets it again with init.
let shellToken = null;
const init = () =>
  send('init', {
    platform: 'web-simulator',
    language: document.getElementById('lang').value,
    ...(shellToken ? { token: shellToken } : {}),
  });
async function demoToken() {
  const r = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  return (await r.json()).data.token;
}
window.addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow || e.origin !== target()) return; // a shell checks where a message comes from
  write('web', String(e.data));
  let m;
  try {
    m = JSON.parse(e.data);
  } catch {
    return;
  }
  if (m.ns !== NS) return;
  if (m.type === 'ready' && !answered && document.getElementById('auto').checked) {
    answered = true;
    init();
  }
  if (m.type === 'close') document.getElementById('closed').classList.add('on');
  if (m.type === 'logout') shellToken = null; // the merchant logged out in the app: the shell forgets the token
  if (m.type === 'openUrl' && /^https:\/\//.test(m.payload.url)) window.open(m.payload.url, '_blank', 'noopener');
});
function load() {
  answered = false;
  document.getElementById('closed').classList.remove('on');
  // Whom the page trusts comes from its config script, which this server writes (BRIDGE_ORIGINS, default self).
  frame.src = '/bridge/index.html';
}
document.getElementById('init').onclick = () => {
  answered = true;
  init();
};
document.getElementById('token').onclick = async () => send('token', { token: (shellToken = await demoToken()) });
document.getElementById('language').onclick = () =>
  send('language', { language: document.getElementById('lang').value });
document.getElementById('logout').onclick = () => {
  shellToken = null;
  send('logout');
};
document.getElementById('back').onclick = () => send('back');
document.getElementById('reopen').onclick = load;
load();
