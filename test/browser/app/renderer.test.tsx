// Which renderer this run's bundle holds: the preact run (build/test) must be preact/compat, the React run
// (build/test-react, `npm run test:react`) must be real React 19 and react-dom, not compat under React's names, and
// the React 18 run (build/test-react18, `npm run test:react18`) real React 18.
import { expect } from 'chai';
import * as React from 'react';
import { cleanup, renderUI } from '../support/render';

const run = /\/build\/test-react(18)?\//.exec(new URL(import.meta.url).pathname);
const reactRun = run !== null;
const major = run?.[1] ?? '19';

describe(reactRun ? `renderer: real React ${major}` : 'renderer: preact/compat', () => {
  afterEach(cleanup);

  it('renders with the renderer this run is built for', () => {
    const r = renderUI(<p className="probe">hi</p>);
    const el = r.$('.probe')!;
    expect(el.textContent).to.equal('hi');
    const reactOwned = Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    // React 19 and 18 name their internals differently. preact/compat has none of React 19's, and React 18's only as
    // a dispatcher, without the owner that React 18 keeps there.
    const secret = (
      React as unknown as { __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED?: { ReactCurrentOwner?: unknown } }
    ).__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED;
    const realReact =
      major === '18'
        ? secret?.ReactCurrentOwner !== undefined
        : Object.keys(React).includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
    if (reactRun) {
      expect(React.version, 'React.version').to.match(new RegExp(`^${major}\\.`));
      expect(realReact, 'react is React itself').to.equal(true);
      expect(reactOwned, 'react-dom rendered the element').to.equal(true);
    } else {
      expect(realReact, 'no React in the preact run').to.equal(false);
      expect(reactOwned).to.equal(false);
    }
  });
});
