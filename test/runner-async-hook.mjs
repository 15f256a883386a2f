// Node 20's test runner keeps an async hook with init and destroy callbacks on for the whole run. It has two jobs:
// to learn which suite an it(), describe() or after() belongs to (the one whose code is running when it is called),
// and to say which test an uncaught error came from. With it on, V8 reports every promise to JavaScript twice (made,
// collected); the server's code is async all the way down (Kysely, Fastify, the pg driver), and a loop of awaited
// promises runs about twenty times slower inside a test than outside one.
//
// The first job is done once a file is imported, since that is when its tests and hooks are declared. So
// node-shard.mjs keeps the hook on while it imports a file and turns it off while the file's tests run. The price
// is that an uncaught error from a promise fails the run as a top-level diagnostic instead of failing its test
// (node-shard.mjs prints the file that was running). Node exposes no switch for it, hence the internal module,
// reached with --expose-internals; the hook is found by what it does, and a runner without it is left as it is.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The test runner's own async hook, if this Node has one and lets us reach it (else null: correct, only slower). */
export function runnersAsyncHook() {
  let hooks;
  try {
    hooks = require('internal/async_hooks');
  } catch {
    return null; // started without --expose-internals
  }
  const [active] = hooks.getHookArrays();
  const { init_symbol: init } = hooks.symbols;
  return active.find((hook) => String(hook[init]).includes('testResources')) ?? null;
}
