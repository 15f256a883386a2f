// The element example's script (no inline script: the page's CSP allows none). Everything the page does is what a
// framework's template does: set attributes and properties, listen for the events, put the element in and out.
const widget = document.querySelector('merchant-ads');
const log = document.getElementById('log');
const write = (line) => {
  log.textContent += `${new Date().toLocaleTimeString()} ${line}\n`;
  log.scrollTop = log.scrollHeight;
};
for (const type of [
  'ready',
  'route',
  'close',
  'open-url',
  'login',
  'logout',
  'error',
  'token-request',
  'unread',
  'language',
]) {
  document.addEventListener(`merchant-ads:${type}`, (e) => write(`${e.type} ${JSON.stringify(e.detail)}`));
}
// The page's nonce (the server put it on this script): the element gives it to the <style> it injects.
widget.nonce = document.currentScript?.nonce ?? '';
document.getElementById('lang').onchange = (e) =>
  e.target.value ? widget.setAttribute('language', e.target.value) : widget.removeAttribute('language');
document.getElementById('primary').oninput = (e) => (widget.theme = { primary: e.target.value });
document.getElementById('remove').onclick = () => {
  widget.remove();
  write('host: removed (the app unmounts)');
};
document.getElementById('insert').onclick = () => {
  document.getElementById('phone').append(widget);
  write('host: put back (a new app)');
};
document.getElementById('move').onclick = () => {
  const phone = document.getElementById('phone');
  (widget.parentElement === phone ? document.getElementById('spare') : phone).append(widget);
  write('host: moved (the same app)');
};
MerchantAds.define();
