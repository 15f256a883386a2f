// Importing the built SDK must do nothing: no window, no document, no global listener, no DOM write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

test('the ESM build imports under Node with no window and exposes mount()', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  const mod = await import('../../dist/merchant-ads.mjs');
  assert.equal(typeof mod.mount, 'function');
  assert.match(mod.version, /^\d+\.\d+\.\d+/);
  assert.equal(typeof globalThis.window, 'undefined');
});

test('merchant-ads-sdk/element imports under Node (a server render) without defining or touching anything', async () => {
  assert.equal(typeof globalThis.customElements, 'undefined');
  const mod = await import('../../dist/element.mjs');
  assert.equal(typeof mod.define, 'function');
  const { createRequire } = await import('node:module');
  assert.equal(typeof createRequire(import.meta.url)('../../dist/element.cjs').mount, 'function');
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.customElements, 'undefined');
});

test('the script-tag build defines only the MerchantAds global and touches nothing else', () => {
  const code = readFileSync(new URL('../../dist/merchant-ads.js', import.meta.url), 'utf8');
  const touched = [];
  const trap = new Proxy(
    {},
    {
      get: (_, k) => {
        touched.push(String(k));
        return undefined;
      },
    },
  );
  const sandbox = { document: trap, window: undefined, navigator: trap, localStorage: trap };
  vm.createContext(sandbox);
  vm.runInContext(code, sandbox);
  assert.equal(typeof sandbox.MerchantAds.mount, 'function');
  const keys = Object.keys(sandbox).filter((k) => !['document', 'window', 'navigator', 'localStorage'].includes(k));
  assert.deepEqual(keys, ['MerchantAds']);
  // Reading document.currentScript (its folder and nonce, for the files it loads later) is the only look allowed.
  assert.deepEqual(
    [...new Set(touched)].filter((k) => k !== 'currentScript' && k !== 'baseURI'),
    [],
  );
});
