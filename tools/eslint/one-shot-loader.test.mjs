import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { oneShotLoader } from './one-shot-loader.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

new RuleTester().run('one-shot-loader', oneShotLoader, {
  valid: [
    'createResource((s) => untracked(() => app.request(calls.x, undefined, { signal: s })))',
    // A filter the loader reads on purpose, then the call untracked.
    'createResource((s) => { const t = type.value; return untracked(() => app.request(calls.x, { t }, { signal: s })); })',
    // After the loader's first await nothing is tracked; a callback runs later.
    'createResource((s) => untracked(() => load(s)).then((p) => app.request(calls.y, p)))',
    'useResource(() => untracked(() => byPlanId(app, calls.x, id)))',
    // Not a resource.
    'const x = app.request(calls.x)',
  ],
  invalid: [
    {
      code: 'createResource((s) => app.request(calls.x, undefined, { signal: s }))',
      errors: [{ messageId: 'tracked' }],
    },
    { code: 'useResource(async () => { return await app.loadUser(); })', errors: [{ messageId: 'tracked' }] },
    { code: 'createResource((s) => byPlanId(app, calls.planDetail, id, s))', errors: [{ messageId: 'tracked' }] },
  ],
});
