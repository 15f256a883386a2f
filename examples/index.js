// The examples page's script (no inline script: the page's CSP allows none). The nonce the server put on this
// script is the page's CSP nonce: the widget puts it on the one <style> it injects.
const nonce = document.currentScript?.nonce || undefined;
const el = document.getElementById('app');
const log = document.getElementById('log');
let app = null;
const write = (type, payload) => {
  log.textContent += `${new Date().toLocaleTimeString()} ${type} ${JSON.stringify(payload)}\n`;
  log.scrollTop = log.scrollHeight;
};
function mountApp() {
  if (app) return;
  const routing = document.querySelector('input[name="routing"]:checked').value;
  const language = document.getElementById('lang').value || undefined;
  app = MerchantAds.mount(el, {
    apiBase: '/api',
    nonce,
    routing,
    language,
    manageTitle: document.getElementById('title').checked,
    onEvent(type, payload) {
      write(type, payload);
      if (type === 'openUrl') window.open(payload.url, '_blank', 'noopener');
      if (type === 'close') write('host', 'the widget asked to close: a host would hide it here');
    },
  });
}
document.getElementById('mount').onclick = mountApp;
document.getElementById('unmount').onclick = () => {
  app?.unmount();
  app = null;
  write('host', 'unmounted');
};
document.getElementById('lang').onchange = (e) => e.target.value && app?.setLanguage(e.target.value);
// The widget reads the stored token when it mounts: remounting shows how the changed account is answered.
async function runTool(button) {
  const username = document.getElementById('tool-user').value.trim();
  const body = { username };
  if (button.dataset.state) body.state = button.dataset.state;
  if (button.dataset.tool === 'notify') body.count = 120;
  try {
    const res = await fetch(`/api/__test__/${button.dataset.tool}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 404)
      return write(
        'host',
        'the test routes are off or not reachable from here: start the server with npm start and open the page on 127.0.0.1',
      );
    const answer = await res.json();
    write(`host ${button.dataset.tool}`, answer);
    if (answer.code !== 200) return;
  } catch (err) {
    return write('host', `request failed: ${err}`);
  }
  app?.unmount();
  app = null;
  mountApp();
}
document.querySelectorAll('[data-tool]').forEach((b) => (b.onclick = () => runTool(b)));
// What a partner app does: get a freshly signed entry link (here from the test route) and open it.
async function openPartnerLink(button) {
  const { partner: entry, age = '0' } = button.dataset;
  const uid = button.dataset.uid || `new-${Date.now().toString(36)}`;
  try {
    const res = await fetch(`/api/__test__/partner-link?${new URLSearchParams({ entry, uid, age })}`);
    if (res.status === 404)
      return write(
        'host',
        'the test routes are off or not reachable from here: start the server with npm start and open the page on 127.0.0.1',
      );
    const answer = await res.json();
    write('host partner-link', answer);
    if (answer.code !== 200) return;
    mountApp();
    app.navigate(answer.data.path);
  } catch (err) {
    write('host', `request failed: ${err}`);
  }
}
document.querySelectorAll('[data-partner]').forEach((b) => (b.onclick = () => openPartnerLink(b)));
document.querySelectorAll('[data-go]').forEach(
  (b) =>
    (b.onclick = () => {
      mountApp();
      app.navigate(b.dataset.go);
    }),
);
mountApp();
