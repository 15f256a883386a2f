// The rule that places code route groups share (tools/rollup/shared-files.mjs), on small module graphs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filesReaching, sharedFiles } from '../../tools/rollup/shared-files.mjs';

/** A module graph: id → its static importers, with the entry and the files loaded by import(). */
function graph({ entry, lazy, importers }) {
  return (id) => ({ id, isEntry: id === entry, dynamicImporters: lazy.includes(id) ? ['/src/shell/groups.ts'] : [], importers: importers[id] ?? [] });
}

const getModuleInfo = graph({
  entry: '/src/index.ts',
  lazy: ['/src/screens/wallet/index.ts', '/src/screens/plan/index.ts'],
  importers: {
    '/src/shell/groups.ts': ['/src/index.ts'],
    '/src/ui/button/Button.tsx': ['/src/screens/auth/login/Login.tsx', '/src/screens/wallet/index.ts'],
    '/src/screens/auth/login/Login.tsx': ['/src/shell/groups.ts'],
    '/src/ui/tabs/Tabs.tsx': ['/src/screens/wallet/index.ts', '/src/screens/plan/index.ts'],
    '/src/kit/prompts.tsx': ['/src/screens/wallet/index.ts', '/src/kit/pick.ts'],
    '/src/kit/pick.ts': ['/src/screens/plan/index.ts'],
    '/src/screens/wallet/Ledger.tsx': ['/src/screens/wallet/index.ts'],
  },
});

test('what the entry reaches stays in the entry, named as it', () => {
  assert.equal(filesReaching('/src/ui/button/Button.tsx', getModuleInfo), null);
  assert.equal(sharedFiles('merchant-ads')('/src/ui/button/Button.tsx', { getModuleInfo }), 'merchant-ads');
});

test("what one group's file alone reaches stays in that file", () => {
  assert.deepEqual([...filesReaching('/src/screens/wallet/Ledger.tsx', getModuleInfo)], ['/src/screens/wallet/index.ts']);
  assert.equal(sharedFiles('merchant-ads')('/src/screens/wallet/Ledger.tsx', { getModuleInfo }), undefined);
});

test('what two files reach goes to the shared file of its layer, through any depth of imports', () => {
  assert.equal(sharedFiles('merchant-ads')('/src/ui/tabs/Tabs.tsx', { getModuleInfo }), 'shared-ui');
  assert.equal(filesReaching('/src/kit/prompts.tsx', getModuleInfo).size, 2);
  assert.equal(sharedFiles('merchant-ads')('/src/kit/prompts.tsx', { getModuleInfo }), 'shared-screens');
});
