// The rule that places code route groups share (tools/rollup/shared-files.mjs), on small module graphs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filesReaching, sharedFiles } from '../../tools/rollup/shared-files.mjs';

/** A module graph: id → its static importers, with the entry and the files loaded by import(). */
function graph({ entry, lazy, importers }) {
  return (id) => ({
    id,
    isEntry: id === entry,
    dynamicImporters: lazy.includes(id) ? ['/src/shell/groups.ts'] : [],
    importers: importers[id] ?? [],
  });
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
  assert.deepEqual(
    [...filesReaching('/src/screens/wallet/Ledger.tsx', getModuleInfo)],
    ['/src/screens/wallet/index.ts'],
  );
  assert.equal(sharedFiles('merchant-ads')('/src/screens/wallet/Ledger.tsx', { getModuleInfo }), undefined);
});

test('what two files reach goes to the shared file of its layer, through any depth of imports', () => {
  assert.equal(sharedFiles('merchant-ads')('/src/ui/tabs/Tabs.tsx', { getModuleInfo }), 'shared-ui');
  assert.equal(filesReaching('/src/kit/prompts.tsx', getModuleInfo).size, 2);
  assert.equal(sharedFiles('merchant-ads')('/src/kit/prompts.tsx', { getModuleInfo }), 'shared-screens');
});

test("what only a renderer reaches goes in that renderer's file; what the app and a renderer both reach stays in the entry", () => {
  // Two entries on different renderers, sharing the app: preact behind one, the React component behind the other.
  const info = (id) => ({
    id,
    isEntry: id === '/src/module.ts' || id === '/src/react.tsx',
    dynamicImporters: [],
    importers:
      {
        '/src/index.ts': ['/src/module.ts', '/src/react.tsx'],
        '/src/lib/renderer-preact.ts': ['/src/module.ts'],
        '/src/lib/renderer-react.ts': ['/src/react.tsx'],
        '/node_modules/preact/compat.js': ['/src/lib/renderer-preact.ts'],
        '/node_modules/@preact/signals-react/runtime.js': ['/src/lib/renderer-react.ts'],
        '/node_modules/@preact/signals-core/core.js': ['/src/index.ts', '/src/lib/renderer-react.ts'],
        '/src/app/host-options.ts': ['/src/react.tsx', '/src/app/element.ts'],
        '/src/app/element.ts': ['/src/module.ts'],
      }[id] ?? [],
  });
  const place = sharedFiles(
    'merchant-ads',
    {},
    { 'on-preact': ['/src/lib/renderer-preact.ts'], 'on-react': ['/src/lib/renderer-react.ts', '/src/react.tsx'] },
  );
  const where = (id) => place(id, { getModuleInfo: info });
  assert.equal(where('/node_modules/preact/compat.js'), 'on-preact');
  assert.equal(where('/src/lib/renderer-preact.ts'), 'on-preact');
  assert.equal(where('/node_modules/@preact/signals-react/runtime.js'), 'on-react');
  assert.equal(where('/src/react.tsx'), 'on-react');
  assert.equal(where('/node_modules/@preact/signals-core/core.js'), 'merchant-ads');
  assert.equal(where('/src/index.ts'), 'merchant-ads');
  // The element entry's own code is the app's, not preact's, though only preact's entry reaches it statically.
  assert.equal(where('/src/app/element.ts'), 'merchant-ads');
  assert.equal(where('/src/app/host-options.ts'), 'merchant-ads');
});

test("what a renderer and a file on demand both reach is not the renderer's: the helpers bundled CommonJS shares", () => {
  const info = (id) => ({
    id,
    isEntry: id === '/src/react.tsx',
    dynamicImporters: id === '/src/screens/wallet/index.ts' ? ['/src/shell/groups.ts'] : [],
    importers:
      {
        '/src/lib/renderer-react.ts': ['/src/react.tsx'],
        '/node_modules/use-sync-external-store/shim.js': ['/src/lib/renderer-react.ts'],
        '/node_modules/blueimp-md5/md5.js': ['/src/screens/wallet/index.ts'],
        '\0commonjsHelpers.js': ['/node_modules/use-sync-external-store/shim.js', '/node_modules/blueimp-md5/md5.js'],
      }[id] ?? [],
  });
  const place = sharedFiles('merchant-ads', {}, { 'on-react': ['/src/lib/renderer-react.ts'] });
  assert.equal(place('/node_modules/use-sync-external-store/shim.js', { getModuleInfo: info }), 'on-react');
  assert.equal(place('\0commonjsHelpers.js', { getModuleInfo: info }), 'merchant-ads');
});
