import { useState } from 'react';
import { MerchantAds } from 'merchant-ads-sdk/react';

// The widget starts shown; `?hidden` starts without it, so a page can be looked at before the widget ever mounted.
const shownAtFirst = !new URLSearchParams(location.search).has('hidden');

export function App() {
  const [shown, setShown] = useState(shownAtFirst);
  // Every event the widget tells its host lands on window.__events, as a partner's own listener would keep it; an
  // inline callback, a new function each render, as partners write it.
  return (
    <>
      <button type="button" onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide widget' : 'Show widget'}
      </button>
      {shown && (
        <MerchantAds
          apiBase="/api"
          id="merchant-ads"
          style={{ height: '80vh' }}
          onEvent={(type, payload) => (window.__events ??= []).push({ type, payload })}
        />
      )}
    </>
  );
}
