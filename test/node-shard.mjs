// One process of `npm run test:node` (test/node-tests.mjs): imports the test files it is given, one after another,
// so their tests register with this process's runner and run in turn, as the tests of one file do.
for (const file of process.argv.slice(2)) await import(new URL(file, `file://${process.cwd()}/`).href);
