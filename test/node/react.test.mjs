// merchant-ads-sdk/react (dist/react.mjs): the app compiled against the host's React. The built file must import
// React and react-dom from the host (and nothing else: the signals adapter is bundled in), carry neither preact's
// renderer nor a copy of React, and render under SSR without touching window or document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';

// The React build is dist/react.mjs and the files it splits into (route groups, languages, web-vitals) beside it.
const dist = new URL('../../dist/', import.meta.url);
const files = readdirSync(dist).filter((f) => /^react\..*\.mjs$/.test(f) || f === 'react.mjs');
const code = files.map((f) => readFileSync(new URL(f, dist), 'utf8')).join('\n');
const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]);

test('dist/react.mjs imports only React from the host and holds no preact and no copy of React', (t) => {
  const entry = readFileSync(new URL('react.mjs', dist));
  t.diagnostic(`dist/react.mjs: ${(entry.length / 1024).toFixed(1)} KB raw, ${(gzipSync(entry, { level: 9 }).length / 1024).toFixed(1)} KB gzipped, ${files.length} files in all`);
  const external = specifiers.filter((s) => !s.startsWith('./'));
  assert.deepEqual(
    [...new Set(external)].sort(),
    ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'],
  );
  // Everything else it imports is one of its own files beside it, split with native import() for the host's bundler.
  const own = [...new Set(specifiers.filter((s) => s.startsWith('./')))];
  assert.ok(own.some((s) => /^\.\/react\.ad-center-[\w-]+\.mjs$/.test(s)), 'the ad centre is a file of its own');
  assert.ok(own.includes('./locales/de.json'), 'German is a file of its own, the package\'s one file for it');
  for (const s of own) assert.ok(existsSync(new URL(s, dist)), `${s} is there`);
  // No preact: the one allowed mention is the bundled signals adapter's devtools hook.
  assert.equal(code.replace(/__PREACT_SIGNALS_DEVTOOLS__|Symbol\.for\("preact-signals"\)/g, '').match(/preact/gi), null, 'no preact in the file');
  // preact's internals (its options hooks and mangled vnode fields) would show as these.
  assert.doesNotMatch(code, /\boptions\.(__[bredhc]|_diff|_render|_commit|_hook)\b|__preactattr_|\.__k\b|\.__v\b/);
  // React's own code defines these; a bundled copy of React or react-dom would carry them. (The element symbol's
  // name, react.transitional.element, is no sign: the bundled signals adapter names it to render a signal as a child.)
  assert.doesNotMatch(code, /__CLIENT_INTERNALS_DO_NOT_USE|__SECRET_INTERNALS|react-dom\.production|ReactCurrentOwner|react\.fragment|react\.suspense/);
});

test('dist/react.mjs is a client component ("use client" first): a Server Component page may import it', async () => {
  const entry = readFileSync(new URL('react.mjs', dist), 'utf8');
  assert.match(entry, /^"use client";\n/, 'the directive opens the file (a bundler reads only a leading directive)');
  // Why it matters: a server page runs under the react-server condition, whose React has none of the client APIs
  // (createContext, useLayoutEffect, ...), so evaluating the file there fails, as Next.js's build did without the
  // directive ("createContext is not a function"). The directive is what tells such a bundler to leave it to the browser.
  const run = spawnSync(process.execPath, ['--conditions=react-server', '--input-type=module', '-e', `await import(${JSON.stringify(new URL('react.mjs', dist).href)})`], { encoding: 'utf8' });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /createContext is not a function|Named export '\w+' not found|does not provide an export named '\w+'/);
});

test('importing dist/react.mjs and renderToString of a page with <MerchantAds> touch no window or document', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.document, 'undefined');
  const { createElement, createRef, StrictMode } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const mod = await import('../../dist/react.mjs');
  assert.equal(typeof mod.MerchantAds, 'object', 'a forwardRef component');
  assert.equal(mod.default, mod.MerchantAds);
  const page = createElement(
    StrictMode,
    null,
    createElement('main', null, createElement('h1', null, 'Host'), createElement(mod.MerchantAds, {
      apiBase: '/api', language: 'de', token: 't', routing: 'memory', className: 'ads', style: { height: 600 }, ref: createRef(), onClose() {}, onOpenUrl() {},
    })),
  );
  const html = renderToString(page);
  assert.match(html, /<main><h1>Host<\/h1><div class="ads" style="height:600px"><\/div><\/main>/);
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.document, 'undefined');
});
