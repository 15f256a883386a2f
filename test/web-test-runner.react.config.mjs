// The React run (`npm run test:react`): the app's suites built on real React 19 (`rollup -c --environment
// TEST,REACT` → build/test-react/), served and run exactly like the preact run (same server, API, browser).
// Left out: app/bundle (it loads the shipped preact script, dist/merchant-ads.js) and bridge/ (the bridge host page
// is that same preact build); app/renderer checks that this run really holds React 19 and react-dom.
import base from './web-test-runner.config.mjs';

export default {
  ...base,
  files: [
    'build/test-react/app/**/*.test.js',
    '!build/test-react/app/bundle.test.js',
    'build/test-react/kit/**/*.test.js',
    'build/test-react/screens/**/*.test.js',
    'build/test-react/ui/**/*.test.js',
    'build/test-react/lib/**/*.test.js',
  ],
};
