/**
 * The React host example (examples/react.html, built to dist/examples/react-host.js, an ES module with React 19
 * inside: the page's CSP allows no CDN and no inline script). It is bundled as a host's bundler would: the app's
 * route groups and languages stay chunks of their own (dist/examples/react-host.*.js), so no localesBase and no
 * copied files. The language select and the token field are props of <MerchantAds>: changing them updates the
 * running app, never remounts it.
 */
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MerchantAds, type MerchantAdsApp } from '../src/react';

// The nonce the server put on this page's scripts is its CSP nonce: the widget puts it on its one <style>. (A module
// has no document.currentScript; the chunks it imports inherit the nonce from it.)
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const LANGUAGES = ['en', 'de', 'fr', 'zh', 'cht', 'spa', 'pt', 'ru', 'jp', 'kor', 'th', 'vi'];

function Host() {
  const [language, setLanguage] = useState('en');
  const [token, setToken] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [shown, setShown] = useState(true);
  const [log, setLog] = useState<string[]>([]);
  const app = useRef<MerchantAdsApp>(null);
  const write = (type: string, payload: unknown) =>
    setLog((l) => [...l.slice(-200), `${new Date().toLocaleTimeString()} ${type} ${JSON.stringify(payload)}`]);

  async function demoToken() {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    const t = (await res.json()).data?.token as string | undefined;
    setDraft(t ?? '');
    setToken(t);
  }

  return (
    <main>
      <div className="phone">
        {shown && (
          <MerchantAds
            className="host"
            apiBase="/api"
            routing="memory"
            nonce={nonce}
            language={language}
            token={token}
            ref={app}
            onReady={(p) => write('ready', p)}
            onRoute={(p) => write('route', p)}
            onLanguage={(p) => write('language', p)}
            onLogin={(p) => write('login', p)}
            onLogout={(p) => write('logout', p)}
            onError={(p) => write('error', p)}
            onTokenRequest={(p) => write('tokenRequest', p)}
            onUnread={(p) => write('unread', p)}
            onClose={(p) => write('close', { ...p, host: 'a host would hide the widget here' })}
            onOpenUrl={(p) => {
              write('openUrl', p);
              window.open(p.url, '_blank', 'noopener');
            }}
          />
        )}
      </div>
      <div className="panel">
        <fieldset>
          <legend>Props</legend>
          <label>
            Language
            <select id="lang" value={language} onChange={(e) => setLanguage(e.currentTarget.value)}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setToken(draft.trim() || undefined);
            }}
          >
            <label>
              Token{' '}
              <input id="token" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} autoComplete="off" />
            </label>
            <button type="submit">Set token</button>
            <button type="button" onClick={() => void demoToken()}>
              Token of demo
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft('');
                setToken(undefined);
              }}
            >
              No token
            </button>
          </form>
          <label>
            <input type="checkbox" id="shown" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} />{' '}
            rendered
          </label>
        </fieldset>
        <fieldset>
          <legend>Through the ref</legend>
          <button type="button" onClick={() => app.current?.navigate('/register')}>
            navigate('/register')
          </button>
          <button type="button" onClick={() => app.current?.back()}>
            back()
          </button>
        </fieldset>
        <fieldset>
          <legend>Events</legend>
          <pre id="log" aria-live="off">
            {log.join('\n')}
          </pre>
        </fieldset>
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Host />
  </StrictMode>,
);
