// The package's types as a partner's TypeScript finds them, under each module resolution a project may use:
// node10 (`"moduleResolution": "node"`, which knows no "exports" and found no types for merchant-ads-sdk/react),
// node16 and bundler. A project beside the package imports every entry and type-checks a use of each: the element
// too, by its class, its global types (document.querySelector, addEventListener's `detail`) and in TSX.
// Needs `npm run build` (the .d.ts files in dist/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const project = `${root}build/types-resolution/`;
const tsc = `${root}node_modules/typescript/bin/tsc`;

const USE = `import { mount, type MountOptions } from 'merchant-ads-sdk';
import { MerchantAds, type MerchantAdsProps } from 'merchant-ads-sdk/react';
const options: MountOptions = { apiBase: '/api', language: 'de' };
export const start = (el: HTMLElement) => mount(el, options).navigate('/login');
export const props: MerchantAdsProps = { apiBase: '/api', id: 'widget', onClose: () => undefined };
export const component: unknown = MerchantAds;
`;

const ELEMENT = `import type {} from 'merchant-ads-sdk/jsx';
import { define, type MerchantAdsElement } from 'merchant-ads-sdk/element';
export const tsx = <merchant-ads api-base="/api" routing="memory" language="de" theme={{ primary: '#e60012' }} onmerchant-ads-ready={(e) => e.detail.version.toUpperCase()} />;
// @ts-expect-error: routing is 'hash' or 'memory'
export const wrong = <merchant-ads routing="sideways" />;
export async function page() {
  const Element = await define();
  const created: MerchantAdsElement = new Element();
  created.theme = { primary: '#e60012' };
  document.querySelector('merchant-ads')!.navigate('/register');
  document.body.addEventListener('merchant-ads:language', (e) => e.detail.lang.toUpperCase());
  created.addEventListener('merchant-ads-open-url', (e) => e.detail.purpose === 'external' && e.preventDefault());
  // @ts-expect-error: a route event's detail has no lang
  created.addEventListener('merchant-ads:route', (e) => e.detail.lang);
}
`;

const SETTINGS = {
  node10: { module: 'commonjs', moduleResolution: 'node' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  // A CommonJS project under node16 (its package.json has no "type": "module"): the "require" types, .d.cts.
  'node16 (CommonJS)': { module: 'node16', moduleResolution: 'node16', commonjs: true },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};

for (const [name, { commonjs, ...settings }] of Object.entries(SETTINGS)) {
  test(`types resolve for every entry under moduleResolution ${name}`, () => {
    assert.ok(existsSync(`${root}dist/react.d.ts`), 'dist/react.d.ts: run npm run build first');
    const dir = `${project}${name.replace(/\W+/g, '-')}/`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(`${dir}node_modules`, { recursive: true });
    // The package as installed: its folder under node_modules (the repository itself: package.json and dist/).
    symlinkSync(root, `${dir}node_modules/merchant-ads-sdk`, 'dir');
    // React's types, as a React host has them (the TSX of the element's use).
    mkdirSync(`${dir}node_modules/@types`);
    symlinkSync(`${root}node_modules/@types/react`, `${dir}node_modules/@types/react`, 'dir');
    writeFileSync(
      `${dir}package.json`,
      JSON.stringify({ name: 'types-host', private: true, ...(commonjs ? {} : { type: 'module' }) }),
    );
    writeFileSync(`${dir}use.ts`, USE);
    writeFileSync(`${dir}element.tsx`, ELEMENT);
    const compilerOptions = {
      ...settings,
      target: 'es2020',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      jsx: 'react-jsx',
      lib: ['es2022', 'dom'],
      types: [],
    };
    writeFileSync(`${dir}tsconfig.json`, JSON.stringify({ compilerOptions, files: ['use.ts', 'element.tsx'] }));
    const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    assert.equal(run.status, 0, `tsc (${name}):\n${run.stdout}${run.stderr}`);
  });
}
