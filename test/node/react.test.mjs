// merchant-ads-sdk/react (dist/react.mjs): the component, and the app on the host's React. The files it reaches
// must import React and react-dom from the host (and nothing else: the signals adapter is bundled in), carry neither
// preact's renderer nor a copy of React, and render under SSR without touching window or document. The package's
// other entries share the app's files with it and reach neither React nor the React renderer's file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dist = new URL('../../dist/', import.meta.url);

/** The specifiers a module file imports, statically, with import() or with require(). */
const importsOf = (code) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);

/** Every file of dist/ that `entry` reaches through its own files (`./…`), itself included, and what else they import. */
function reach(entry) {
  const files = new Set([entry]);
  const external = new Set();
  for (const file of files) {
    for (const s of importsOf(readFileSync(new URL(file, dist), 'utf8'))) {
      if (!s.startsWith('./')) external.add(s);
      else if (!s.endsWith('.json')) files.add(s.slice(2));
    }
  }
  return {
    files: [...files],
    external: [...external].sort(),
    code: [...files].map((f) => readFileSync(new URL(f, dist), 'utf8')).join('\n'),
  };
}

const REACT_IMPORTS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

for (const ext of ['mjs', 'cjs'])
  test(`dist/react.${ext} imports only React from the host and holds no preact and no copy of React`, (t) => {
    const entry = readFileSync(new URL(`react.${ext}`, dist));
    const { files, external, code } = reach(`react.${ext}`);
    t.diagnostic(
      `dist/react.${ext}: ${(entry.length / 1024).toFixed(1)} KB raw, ${(gzipSync(entry, { level: 9 }).length / 1024).toFixed(1)} KB gzipped, ${files.length} files in all`,
    );
    assert.deepEqual(external, REACT_IMPORTS);
    // Everything else it imports is one of its own files beside it, split for the host's bundler.
    assert.ok(
      files.some((f) => new RegExp(`^merchant-ads\\.ad-center-[\\w-]+\\.${ext}$`).test(f)),
      'the ad centre is a file of its own',
    );
    assert.ok(code.includes('./locales/de.json'), "German is a file of its own, the package's one file for it");
    for (const f of files) assert.ok(existsSync(new URL(f, dist)), `${f} is there`);
    // No preact: the one allowed mention is the bundled signals adapter's devtools hook.
    assert.equal(
      code.replace(/__PREACT_SIGNALS_DEVTOOLS__|Symbol\.for\("preact-signals"\)/g, '').match(/preact/gi),
      null,
      'no preact in the files',
    );
    // preact's internals (its options hooks and mangled vnode fields) would show as these.
    assert.doesNotMatch(code, /\boptions\.(__[bredhc]|_diff|_render|_commit|_hook)\b|__preactattr_|\.__k\b|\.__v\b/);
    // React's own code defines these; a bundled copy of React or react-dom would carry them. (The element symbol's
    // name, react.transitional.element, is no sign: the bundled signals adapter names it to render a signal as a child.)
    assert.doesNotMatch(
      code,
      /__CLIENT_INTERNALS_DO_NOT_USE|__SECRET_INTERNALS|react-dom\.production|ReactCurrentOwner|react\.fragment|react\.suspense/,
    );
  });

for (const ext of ['mjs', 'cjs'])
  test(`the package holds the app once in dist/*.${ext}: the main entry, the element and the React component share its files, and only the component reaches React`, () => {
    const main = reach(`merchant-ads.${ext}`);
    const element = reach(`element.${ext}`);
    const component = reach(`react.${ext}`);
    assert.equal(
      readdirSync(dist).filter((f) => new RegExp(`^merchant-ads\\.core-[\\w-]+\\.${ext}$`).test(f)).length,
      1,
      "one file of the app's core",
    );
    const core = main.files.find((f) => f.includes('.core-'));
    assert.ok(
      core && component.files.includes(core) && element.files.includes(core),
      'the same core behind every entry',
    );
    for (const [name, graph] of [
      ['merchant-ads', main],
      ['element', element],
    ]) {
      assert.deepEqual(graph.external, [], `${name}.${ext} imports nothing from the host: preact is in its own files`);
      assert.ok(
        graph.files.some((f) => f.includes('.on-preact-')),
        `${name}.${ext} runs the app on preact/compat`,
      );
      assert.ok(!graph.files.some((f) => f.includes('.on-react-')), `${name}.${ext} never reaches the React renderer`);
    }
    assert.ok(
      component.files.some((f) => f.includes('.on-react-')) && !component.files.some((f) => f.includes('.on-preact-')),
    );
    // Nothing of the app asks for its renderer until it renders: a host's bundler may run the app's files before an
    // entry's renderer file (esbuild's split output does not keep their order), so the core loads alone.
    const coreFile = readdirSync(dist).find((f) => new RegExp(`^merchant-ads\\.core-[\\w-]+\\.${ext}$`).test(f));
    const load =
      ext === 'mjs'
        ? `await import(${JSON.stringify(new URL(coreFile, dist).href)})`
        : `require(${JSON.stringify(fileURLToPath(new URL(coreFile, dist)))})`;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        ext === 'mjs'
          ? load
          : `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${load}`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 0, `the core alone: ${run.stderr}`);
  });

test('dist/react.mjs is a client component ("use client" first): a Server Component page may import it', async () => {
  const entry = readFileSync(new URL('react.mjs', dist), 'utf8');
  assert.match(entry, /^"use client";\n/, 'the directive opens the file (a bundler reads only a leading directive)');
  // Why it matters: a server page runs under the react-server condition, whose React has none of the client APIs
  // (createContext, useLayoutEffect, ...), so evaluating the file there fails, as Next.js's build did without the
  // directive ("createContext is not a function"). The directive is what tells such a bundler to leave it to the browser.
  const run = spawnSync(
    process.execPath,
    [
      '--conditions=react-server',
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(new URL('react.mjs', dist).href)})`,
    ],
    { encoding: 'utf8' },
  );
  assert.notEqual(run.status, 0);
  assert.match(
    run.stderr,
    /createContext is not a function|Named export '\w+' not found|does not provide an export named '\w+'/,
  );
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
    createElement(
      'main',
      null,
      createElement('h1', null, 'Host'),
      createElement(mod.MerchantAds, {
        apiBase: '/api',
        language: 'de',
        token: 't',
        routing: 'memory',
        className: 'ads',
        style: { height: 600 },
        ref: createRef(),
        onClose() {},
        onOpenUrl() {},
      }),
    ),
  );
  const html = renderToString(page);
  assert.match(html, /<main><h1>Host<\/h1><div class="ads" style="height:600px"><\/div><\/main>/);
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.document, 'undefined');
});
