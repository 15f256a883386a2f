/** ResourceView: the skeleton, the data, a failure with Retry, and stale data while a new input loads. */
import { expect } from 'chai';
import { signal } from '@preact/signals-react';
import { cleanup, renderUI, settle, waitFor } from '../../test/browser/support/render';
import { deferred } from '../../test/browser/support/deferred';
import { createResource, type Resource } from './resource';
import { ResourceView } from './views';
import { buttonNamed, html, textOf } from './test-dom';

/** A loader whose every call records the input it read and gets its own deferred answer. */
function controlledLoader<T>(read: () => unknown = () => undefined) {
  const calls: Array<{ arg: unknown; answer: ReturnType<typeof deferred<T>> }> = [];
  const loader = () => {
    const answer = deferred<T>();
    calls.push({ arg: read(), answer });
    return answer.promise;
  };
  return { loader, calls, last: () => calls[calls.length - 1] };
}

describe('ResourceView', () => {
  let res: Resource<string> | undefined;
  afterEach(() => {
    cleanup();
    res?.dispose();
    res = undefined;
  });

  function view(r: Resource<string>) {
    return (
      <ResourceView resource={r} skeleton={<p className="skel">skeleton</p>} failed="Could not load the stats">
        {(d) => <p className="data">{d}</p>}
      </ResourceView>
    );
  }

  it('shows the skeleton on the first load, then the data', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    expect(html(r.$('.skel'))).to.not.equal(null);
    expect(html(r.$('.data'))).to.equal(null);
    expect(html(r.$('[role="alert"]'))).to.equal(null);
    l.last().answer.resolve('42 orders');
    await waitFor(() => r.$('.data'), 'data');
    expect(r.$('.data')!.textContent).to.equal('42 orders');
    expect(html(r.$('.skel')), 'the skeleton is gone').to.equal(null);
    expect(html(r.$('.ma-stale'))).to.equal(null);
  });

  it('a failed first load shows the failure with Retry (role=alert); Retry reloads and shows the data', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.reject(new Error('offline'));
    const alert = await waitFor(() => r.$('[role="alert"]'), 'the failure');
    expect(alert.textContent).to.contain('Could not load the stats');
    expect(html(r.$('.skel'))).to.equal(null);
    expect(html(r.$('.data'))).to.equal(null);
    const retry = buttonNamed(r, 'Retry', alert);
    expect(html(retry), 'Retry inside the alert').to.not.equal(null);
    retry!.click();
    expect(l.calls, 'Retry reloads').to.have.length(2);
    l.last().answer.resolve('back');
    await waitFor(() => r.$('.data'), 'data after retry');
    expect(r.$('.data')!.textContent).to.equal('back');
    expect(html(r.$('[role="alert"]'))).to.equal(null);
  });

  it('the bare failure has no card of its own', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(
      <ResourceView resource={res} skeleton={null} failed="Nope" bare>
        {(d) => <p>{d}</p>}
      </ResourceView>,
    );
    l.last().answer.reject(new Error('offline'));
    const alert = await waitFor(() => r.$('[role="alert"]'), 'the failure');
    expect(alert.classList.contains('ma-card')).to.equal(false);
    expect(html(r.$('.ma-card'))).to.equal(null);
    expect(alert.textContent).to.contain('Nope');
  });

  it('a failed refresh keeps the data and shows the refresh-failed notice with Retry', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('first');
    await waitFor(() => r.$('.data'), 'data');
    const reloaded = res.reload();
    l.last().answer.reject(new Error('offline'));
    await reloaded;
    const notice = await waitFor(() => r.$('[role="alert"]'), 'the notice');
    expect(notice.textContent).to.contain('Could not refresh; showing earlier data.');
    expect(r.$('.data')!.textContent, 'the data stays').to.equal('first');
    expect(textOf(r)).to.not.contain('Could not load the stats');
    buttonNamed(r, 'Retry', notice)!.click();
    expect(l.calls).to.have.length(3);
    l.last().answer.resolve('second');
    await waitFor(() => r.$('.data')?.textContent === 'second' && !r.$('[role="alert"]'), 'fresh data, no notice');
  });

  it('wraps stale data in .ma-stale with aria-busy=true until the answer for the new input lands', async () => {
    const tab = signal('7d');
    const l = controlledLoader<string>(() => tab.value);
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('week');
    await waitFor(() => r.$('.data'), 'data');
    expect(html(r.$('.ma-stale'))).to.equal(null);

    tab.value = '30d';
    const stale = await waitFor(() => r.$('.ma-stale'), 'stale wrapper');
    expect(stale.getAttribute('aria-busy')).to.equal('true');
    expect(stale.querySelector('.data')!.textContent, 'the old data inside').to.equal('week');

    l.last().answer.resolve('month');
    await waitFor(() => r.$('.data')?.textContent === 'month', 'new data');
    expect(html(r.$('.ma-stale'))).to.equal(null);
    expect(html(r.$('[aria-busy="true"]'))).to.equal(null);
  });

  it('when the run for a new input fails, the data shows the notice and is not left busy', async () => {
    const tab = signal('7d');
    const l = controlledLoader<string>(() => tab.value);
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('week');
    await waitFor(() => r.$('.data'), 'data');
    tab.value = '30d';
    await waitFor(() => r.$('.ma-stale'), 'stale wrapper');
    l.last().answer.reject(new Error('offline'));
    await waitFor(() => r.$('[role="alert"]'), 'the notice');
    expect(res.loading.value).to.equal(false);
    expect(r.$('.data')!.textContent).to.equal('week');
    // Nothing is loading: a screen reader must not be told the region is still busy.
    expect(html(r.$('[aria-busy="true"]')), 'aria-busy with nothing in flight').to.equal(null);
  });

  it('a plain reload does not dim the data', async () => {
    const l = controlledLoader<string>();
    res = createResource(l.loader);
    const r = renderUI(view(res));
    l.last().answer.resolve('one');
    await waitFor(() => r.$('.data'), 'data');
    void res.reload();
    await settle();
    expect(res.loading.value).to.equal(true);
    expect(html(r.$('.ma-stale'))).to.equal(null);
    l.last().answer.resolve('two');
    await waitFor(() => r.$('.data')?.textContent === 'two', 'two');
  });
});
