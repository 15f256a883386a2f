// The React run (`npm run test:react`): the app's suites built on real React 19 (`rollup -c --environment
// TEST,REACT` → build/test-react/), served and run exactly like the preact run (same server, API, browser).
// Left out: app/bundle and app/chunks (they load the shipped preact script, dist/merchant-ads.js, and its files) and
// bridge/ (the bridge host page is that same preact build); app/renderer checks that this run really holds React 19
// and react-dom. The money half's screens (the wallet's, the plans') run on React 18 instead
// (web-test-runner.react18.config.mjs), so every screen runs on a real React once, and the renderer's own suites
// (app, kit, ui) on both.
// Also left out: the suites that measure only CSS and text at given widths and languages (word breaks, the
// design, theme and press checks, the home header's layout), and the accessibility sweep of every route (axe reads
// the same elements and styles whichever renderer made them). Both renderers put out the same elements and the same
// style sheets, so these measure the same thing twice; they cost a sixth of this run, which had grown near CI's limit.
import base from './web-test-runner.config.mjs';

export default {
  ...base,
  files: [
    'build/test-react/app/**/*.test.js',
    '!build/test-react/app/bundle.test.js',
    '!build/test-react/app/chunks.test.js',
    '!build/test-react/app/word-breaks.test.js',
    '!build/test-react/app/design*.test.js',
    '!build/test-react/app/theme.test.js',
    '!build/test-react/app/a11y.test.js',
    '!build/test-react/screens/ad-center/home/home-layout.test.js',
    'build/test-react/kit/**/*.test.js',
    'build/test-react/screens/**/*.test.js',
    '!build/test-react/screens/wallet/**/*.test.js',
    '!build/test-react/screens/plan/**/*.test.js',
    'build/test-react/ui/**/*.test.js',
    'build/test-react/lib/**/*.test.js',
  ],
};
