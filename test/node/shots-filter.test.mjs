// `npm run shots -- word ...`: which shots a run takes (tools/shots/filter.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isEngineShot, matchesFilter, shotName } from '../../tools/shots/filter.mjs';

const shot = (scene, lang, width) => ({ scene, lang, width });
const keeps = (words, s) => matchesFilter(words, s);

test('a shot is named scene--language--width, so sorting groups a screen with its sheets', () => {
  assert.equal(shotName('wallet--withdraw-sheet', 'de', 320), 'wallet--withdraw-sheet--de--320');
});

test('no word keeps every shot', () => {
  assert.ok(keeps([], shot('login', 'th', 390)));
});

test('a language word picks that language exactly, not every name that contains it', () => {
  assert.ok(keeps(['wallet', 'de'], shot('wallet--withdraw-sheet', 'de', 320)));
  assert.ok(!keeps(['wallet', 'de'], shot('wallet--ledger-detail', 'en', 320)), '"de" in "detail" is not German');
  assert.ok(!keeps(['de'], shot('plan-detail', 'ru', 390)));
});

test('a width word picks that width; any other word is a piece of the name; case does not matter', () => {
  assert.ok(keeps(['320'], shot('plan', 'zh', 320)));
  assert.ok(!keeps(['320'], shot('plan', 'zh', 390)));
  assert.ok(keeps(['Wallet'], shot('wallet-bind-card', 'en', 390)), 'the wallet group: its forms too');
  assert.ok(keeps(['withdraw', 'RU'], shot('wallet--withdraw-password', 'ru', 390)));
  assert.ok(!keeps(['withdraw', 'ru'], shot('wallet', 'ru', 390)), 'every word must match');
});

test("another engine's shot carries the engine last, so it sorts beside Chromium's of the same screen", () => {
  assert.equal(shotName('wallet', 'de', 320, 'chromium'), 'wallet--de--320');
  assert.equal(shotName('wallet', 'de', 320, 'webkit'), 'wallet--de--320--webkit');
  assert.equal(shotName('plan--put-dialog', 'th', 390, 'firefox'), 'plan--put-dialog--th--390--firefox');
  const sorted = ['wallet--de--320--webkit', 'wallet--de--390', 'wallet--de--320', 'wallet--de--320--firefox'].sort();
  assert.deepEqual(sorted, [
    'wallet--de--320',
    'wallet--de--320--firefox',
    'wallet--de--320--webkit',
    'wallet--de--390',
  ]);
});

test('words filter the names an engine run takes, and a whole run of one engine replaces only its own files', () => {
  assert.ok(keeps(['wallet', 'de', '320'], { scene: 'wallet', lang: 'de', width: 320, engine: 'webkit' }));
  assert.ok(!keeps(['firefox'], { scene: 'wallet', lang: 'de', width: 320, engine: 'webkit' }));
  assert.ok(isEngineShot('wallet--de--320.png', 'chromium'));
  assert.ok(!isEngineShot('wallet--de--320--webkit.png', 'chromium'));
  assert.ok(isEngineShot('wallet--de--320--webkit.png', 'webkit'));
  assert.ok(!isEngineShot('wallet--de--320--webkit.png', 'firefox'));
  assert.ok(!isEngineShot('notes.txt', 'chromium'));
});
