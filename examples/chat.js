// The demo customer-service chat (chat.html), framed by the app at /customer.
document.getElementById('f').onsubmit = (e) => {
  e.preventDefault();
  const m = document.getElementById('m');
  if (!m.value.trim()) return;
  const li = document.createElement('li');
  li.className = 'me';
  li.textContent = m.value;
  document.getElementById('msgs').append(li);
  m.value = '';
};
