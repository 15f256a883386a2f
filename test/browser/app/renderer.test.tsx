// Which renderer this run's bundle holds: the preact run (build/test) must be preact/compat, the React run
// (build/test-react, `npm run test:react`) must be real React 19 and react-dom, not compat under React's names.
import { expect } from 'chai';
import * as React from 'react';
import { cleanup, renderUI } from '../support/render';

const reactRun = new URL(import.meta.url).pathname.includes('/build/test-react/');

describe(reactRun ? 'renderer: real React 19' : 'renderer: preact/compat', () => {
  afterEach(cleanup);

  it('renders with the renderer this run is built for', () => {
    const r = renderUI(<p className="probe">hi</p>);
    const el = r.$('.probe')!;
    expect(el.textContent).to.equal('hi');
    const reactOwned = Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    const realReact = Object.keys(React).includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
    if (reactRun) {
      expect(React.version, 'React.version').to.match(/^19\./);
      expect(realReact, 'react is React itself').to.equal(true);
      expect(reactOwned, 'react-dom rendered the element').to.equal(true);
    } else {
      expect(realReact, 'no React in the preact run').to.equal(false);
      expect(reactOwned).to.equal(false);
    }
  });
});
