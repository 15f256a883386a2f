// Fails a test on any console.error or console.warn while it runs or as it is torn down: React's act() and key
// warnings, jsdom's "Error: Uncaught ..." (an exception thrown in an event listener or a timer) and anything the
// merchant app logs. Testing Library's cleanup (its unmount in act(), as its own automatic cleanup does it) runs
// first, so what components do as they unmount counts for the test that mounted them; then promise callbacks and one
// turn of timers run before the check. A message after the last test fails the file's afterAll. (Jest 30 already
// fails a test on an unhandled promise rejection.)
const { format } = require('node:util');
const { cleanup } = require('@testing-library/react');

const said = [];
for (const level of ['error', 'warn']) {
  const original = console[level];
  console[level] = (...args) => {
    said.push(`console.${level}: ${format(...args)}`);
    original.apply(console, args);
  };
}

const settle = () => new Promise((ok) => setTimeout(ok, 0));

afterEach(async () => {
  cleanup();
  await settle();
  expect(said.splice(0)).toEqual([]);
});

afterAll(async () => {
  await settle();
  expect(said.splice(0)).toEqual([]);
});
