// The simulated native shell of native-shell.html: no inline script, so the page's CSP needs no 'unsafe-inline'.
// The wire format of bridge/PROTOCOL.md, written out by hand as a native shell would.
const NS = 'merchant-ads', V = 1;
const frame = document.getElementById('webview');
const log = document.getElementById('log');
let seq = 0;
let answered = false;
const write = (dir, text) => {
  const line = document.createElement('div');
  line.className = dir;
  line.textContent = `${new Date().toLocaleTimeString()} ${dir === 'in' ? '← web ' : '→ web '} ${text}`;
  log.append(line);
  log.scrollTop = log.scrollHeight;
};
const target = () => new URL(frame.src).origin;
function send(type, payload = {}) {
  const msg = JSON.stringify({ ns: NS, v: V, id: `shell-${++seq}`, kind: 'event', type, payload });
  write('out', msg);
  frame.contentWindow.postMessage(msg, target());
}
// The shell owns the token, as a native app does: the page keeps a shell's token in memory only, so every
// (re)load gets it again with init.
let shellToken = null;
const init = () => send('init', { platform: 'web-simulator', language: document.getElementById('lang').value, ...(shellToken ? { token: shellToken } : {}) });
async function demoToken() {
  const r = await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo1234' }) });
  return (await r.json()).data.token;
}
window.addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow || e.origin !== target()) return; // a shell checks where a message comes from
  write('in', String(e.data));
  let m;
  try { m = JSON.parse(e.data); } catch { return; }
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
document.getElementById('init').onclick = () => { answered = true; init(); };
document.getElementById('token').onclick = async () => send('token', { token: (shellToken = await demoToken()) });
document.getElementById('language').onclick = () => send('language', { language: document.getElementById('lang').value });
document.getElementById('logout').onclick = () => { shellToken = null; send('logout'); };
document.getElementById('back').onclick = () => send('back');
document.getElementById('reopen').onclick = load;
load();
