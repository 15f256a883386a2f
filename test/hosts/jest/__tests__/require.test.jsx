/**
 * @jest-environment node
 */
// A partner's test in Jest's node environment (no DOM), as a server-side test or a shared utils test is: require()
// of both entries gives the CommonJS files, which load without window or document; the dashboard renders on a
// server to its empty host div.
import { renderToString } from 'react-dom/server';

test('there is no DOM here', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});

test("require('merchant-ads-sdk') and require('merchant-ads-sdk/react') load the CommonJS files and export mount and MerchantAds", () => {
  const sdk = require('merchant-ads-sdk');
  const react = require('merchant-ads-sdk/react');
  expect(require.resolve('merchant-ads-sdk')).toMatch(/merchant-ads-sdk\/dist\/merchant-ads\.cjs$/);
  expect(require.resolve('merchant-ads-sdk/react')).toMatch(/merchant-ads-sdk\/dist\/react\.cjs$/);
  expect(typeof sdk.mount).toBe('function');
  expect(typeof sdk.version).toBe('string');
  expect(react.MerchantAds.displayName).toBe('MerchantAds');
  expect(react.default).toBe(react.MerchantAds);
});

test('the dashboard renders on a server to its heading and the empty host div', () => {
  const { Dashboard } = require('../src/Dashboard');
  expect(renderToString(<Dashboard />)).toBe(
    '<main><h1>Partner dashboard</h1><div id="merchant-ads" class="merchant-ads"></div></main>',
  );
});
