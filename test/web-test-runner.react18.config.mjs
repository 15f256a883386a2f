// The React 18 run (`npm run test:react18`): built on test/react18/'s React 18 (`rollup -c --environment TEST,REACT:18`
// → build/test-react18/), served and run as the React run (web-test-runner.react.config.mjs) is. What differs between
// React 18 and 19 is the renderer under the app: how it batches, commits and schedules, and how the signals reach it.
// So this run takes the suites of that machinery (the app's shell, sessions and overlays, the kit's loaders and
// prompts, every UI component) and the money half's screens, where a commit landing in another order would cost most
// (the wallet's forms and sheets, plans and the put dialog), which the React 19 run leaves to this one. The other
// screens run on React 19 and on preact; running them here too cost about ninety seconds of CI.
import react from './web-test-runner.react.config.mjs';

const MONEY_SCREENS = [
  'build/test-react18/screens/wallet/**/*.test.js',
  'build/test-react18/screens/plan/**/*.test.js',
];

export default {
  ...react,
  files: [
    ...react.files
      .filter((f) => !f.includes('/screens/'))
      .map((f) => f.replace(/^(!?)build\/test-react\//, '$1build/test-react18/')),
    ...MONEY_SCREENS,
  ],
};
