'use client';
// The partner's own client component: it passes onEvent and keeps every event on window.__events, where the
// test reads them.
import { MerchantAds } from 'merchant-ads-sdk/react';

declare global {
  interface Window {
    __events?: { type: string; payload: unknown }[];
  }
}

export function ListeningAds() {
  return (
    <MerchantAds
      apiBase="/api"
      id="merchant-ads"
      style={{ height: '100vh' }}
      onEvent={(type, payload) => {
        (window.__events ??= []).push({ type, payload });
      }}
    />
  );
}
