// The partner's component tests: its dashboard rendered in jsdom with the merchant app inside, written the way
// Testing Library suggests (find what appears later with findBy*, unmount with unmount() or its automatic cleanup,
// no act() of the test's own). jsdom has no layout and no fetch; signed out, the app needs neither: it shows its
// English login (the language file ships in the package, no request) and tells the host `ready`. The setup file
// fails a test on any console error or warning, React's act() warnings among them.
import { render, screen, waitFor, within } from '@testing-library/react';
import { Dashboard } from '../src/Dashboard';

test('the dashboard shows its heading and the merchant app, which is ready on its login and unmounts without a trace', async () => {
  const onReady = jest.fn();
  const onError = jest.fn();
  const { container, unmount } = render(<Dashboard onWidgetReady={onReady} onWidgetError={onError} />);

  expect(screen.getByRole('heading', { level: 1, name: 'Partner dashboard' })).toBeTruthy();
  const host = container.querySelector('#merchant-ads');
  expect(host.className).toBe('merchant-ads');
  expect(host.shadowRoot).not.toBeNull(); // the app lives in the div's open shadow root
  // What the app told the host, first: `ready`, or an error (its code says why) instead of a wait for a login that
  // never comes.
  const told = () => [
    ...onReady.mock.calls.map(([p]) => ['ready', p]),
    ...onError.mock.calls.map(([p]) => ['error', p]),
  ];
  await waitFor(() => expect(told()).not.toEqual([]));
  expect(told()).toEqual([['ready', { version: expect.any(String), route: '/login' }]]);
  await within(host.shadowRoot).findByRole('button', { name: 'Log in' });

  unmount();
  await null; // the component's cleanup queued the app's own unmount as a microtask, which runs before this
  expect(host.shadowRoot.childNodes.length).toBe(0);
  expect(document.body.innerHTML).toBe('<div></div>');
  expect(onError).not.toHaveBeenCalled();
});

test('a test that only looks at the heading and ends at once: the app starts, is unmounted unfinished, and says nothing', () => {
  const onError = jest.fn();
  render(<Dashboard onWidgetError={onError} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Partner dashboard' })).toBeTruthy();
  expect(document.getElementById('merchant-ads').shadowRoot).not.toBeNull();
  expect(onError).not.toHaveBeenCalled();
  // Testing Library's cleanup unmounts it after the test; the setup file's check runs after that.
});
