// The partner's Jest set-up as React projects have it: jsdom for component tests, Babel for JSX and `import` (so
// the package is loaded through its "require" condition, as Jest loads everything without ESM support), and a
// setup file that fails a test on any console error or warning.
module.exports = {
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/__tests__/**/*.test.jsx'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js'],
};
