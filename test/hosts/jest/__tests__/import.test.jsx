// ESM `import` of both entries, as a partner's code writes it, in jsdom (Babel makes it require(), so Jest takes
// the "require" condition). And the entry without React: mount() on a div shows the English login and tells
// `ready`; unmount() empties the shadow root.
import { mount, version } from 'merchant-ads-sdk';
import MerchantAdsDefault, { MerchantAds, version as reactVersion } from 'merchant-ads-sdk/react';
import { waitFor, within } from '@testing-library/react';

test('both entries import through Babel and export mount, version and the component', () => {
  expect(typeof mount).toBe('function');
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  expect(reactVersion).toBe(version);
  expect(MerchantAds.displayName).toBe('MerchantAds');
  expect(MerchantAdsDefault).toBe(MerchantAds);
});

test('mount() without React: the English login, ready, and unmount() leaves an empty shadow root', async () => {
  const element = document.body.appendChild(document.createElement('div'));
  const events = [];
  const app = mount(element, { apiBase: '/api', onEvent: (type, payload) => void events.push([type, payload]) });
  const told = () => events.filter(([type]) => type === 'ready' || type === 'error');
  await waitFor(() => expect(told()).not.toEqual([]));
  expect(told()).toEqual([['ready', { version, route: '/login' }]]);
  await within(element.shadowRoot).findByRole('button', { name: 'Log in' });
  app.unmount();
  expect(element.shadowRoot.childNodes.length).toBe(0);
  element.remove();
});
