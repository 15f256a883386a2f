// `npm run shots -- word ...`: which shots a run takes (tools/shots/filter.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesFilter, shotName } from '../../tools/shots/filter.mjs';

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
