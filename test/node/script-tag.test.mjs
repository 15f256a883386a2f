// The script-tag wrapper (tools/rollup/script-tag.mjs) around rollup's AMD output: the entry defines the loader with
// its table of files, runs its own module at once and hands the public names to its global; every other file hands
// its module to the loader through an event on its own <script> element.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { depsTable, wrapChunk, wrapEntry } from '../../tools/rollup/script-tag.mjs';

const loader = readFileSync(new URL('../../tools/script-loader.js', import.meta.url), 'utf8');
const ID = 'Ab_9-z';
const STEM = 'merchant-ads.';
const file = (name) => `${STEM}${name}-${ID}.js`;

test('the table names each file by its own name, with only the imports it does not reach through another', () => {
  const chunks = {
    [file('wallet')]: [file('shared-money'), file('shared-popup'), 'merchant-ads.js'],
    [file('plan')]: [file('shared-popup')],
    [file('shared-popup')]: [file('shared-money')],
    [file('shared-money')]: [],
    [file('locale-de')]: ['merchant-ads.js'],
  };
  assert.deepEqual(depsTable('merchant-ads.js', chunks, STEM, ID), {
    wallet: ['shared-popup'],
    plan: ['shared-popup'],
    'shared-popup': ['shared-money'],
  });
});

const amd = "define(['exports'], (function (exports) { exports.mount = () => 'mounted'; exports.a = 'internal'; }));";

test('the entry defines the loader and its table, runs its module at once and sets its global to the public names', () => {
  const deps = { wallet: ['shared-popup'] };
  const script = wrapEntry({
    code: amd,
    loader,
    fileName: 'merchant-ads.js',
    stem: STEM,
    buildId: ID,
    deps,
    publicNames: ['mount'],
    name: 'MerchantAds',
  });
  assert.match(script, /^var MerchantAds = \(function \(\) \{/);
  assert.ok(script.includes(`var DEPS = ${JSON.stringify(deps)};`), 'the table');
  assert.ok(
    script.includes(`var STEM = "${STEM}";\nvar BUILD = "${ID}";`),
    'the names it loads are built from the stem and the id',
  );
  assert.ok(script.includes('var __merchantAdsLoader = {'), 'the loader is inside');
  const context = vm.createContext({ document: { currentScript: null, baseURI: 'https://host.example/' } });
  vm.runInContext(script, context);
  assert.deepEqual([...Object.keys(context.MerchantAds)], ['mount'], 'only the public names');
  assert.equal(context.MerchantAds.mount(), 'mounted');
  assert.equal(context.DEPS, undefined, 'nothing else is global');
});

test('another file hands its module to the loader through an event on its own script element', () => {
  const events = [];
  const currentScript = { dispatchEvent: (e) => events.push(e) };
  const context = vm.createContext({ document: { currentScript }, CustomEvent });
  vm.runInContext(
    wrapChunk("define(['exports', './merchant-ads'], (function (exports, m) { exports.x = m; }));"),
    context,
  );
  assert.equal(events.length, 1);
  assert.equal(events[0].type, 'merchant-ads:define');
  const [deps, factory] = events[0].detail;
  assert.deepEqual([...deps], ['exports', './merchant-ads']);
  const exports = {};
  factory(exports, 'entry');
  assert.equal(exports.x, 'entry');
});
