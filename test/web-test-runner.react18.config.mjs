// The React 18 run (`npm run test:react18`): the React run's suites (web-test-runner.react.config.mjs), built on
// test/react18/'s React 18 (`rollup -c --environment TEST,REACT:18` → build/test-react18/), served and run the same way.
import react from './web-test-runner.react.config.mjs';

export default {
  ...react,
  files: react.files.map((f) => f.replace(/^(!?)build\/test-react\//, '$1build/test-react18/')),
};
