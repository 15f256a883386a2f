// The partner's own page: its heading, and the merchant app beside it. The partner hears the app's events through
// the component's props; its tests pass spies for them.
import { MerchantAds } from 'merchant-ads-sdk/react';

export function Dashboard({ onWidgetReady, onWidgetError }) {
  return (
    <main>
      <h1>Partner dashboard</h1>
      <MerchantAds
        apiBase="/api"
        id="merchant-ads"
        className="merchant-ads"
        onReady={onWidgetReady}
        onError={onWidgetError}
      />
    </main>
  );
}
