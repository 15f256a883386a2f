/**
 * The test files, watched. A test file whose page script never yields (an endless loop) stops mocha's own
 * timeouts too, and the runner alone only says, minutes later, that the file "did not finish". So each page's
 * debugger is switched on while the page is idle (later, the stuck main thread would not answer), and a file
 * still running after WATCH_MS is paused for a moment to print where its script stands (the call stack), then
 * let go. A crashed page says so at once. The runner's testsFinishTimeout still fails the file; this says why.
 */
export const WATCH_MS = Number(process.env.WATCHDOG_MS) || 90_000;

/**
 * Watches one test file's run on `page` (`cdp`: a CDP session of that page). `stop()` ends the watch when the file
 * is done and says whether the page is fit for another file: false when it crashed or ran past WATCH_MS.
 */
export async function watchSession(page, cdp) {
  const started = Date.now();
  const scripts = new Map();
  let fit = true;
  const parsed = (s) => {
    if (s.url) scripts.set(s.scriptId, s.url);
  };
  const crashed = () => {
    fit = false;
    process.stderr.write(`\n[watchdog] the page crashed: ${page.url()}\n`);
  };
  cdp.on('Debugger.scriptParsed', parsed);
  page.on('crash', crashed);
  await cdp.send('Debugger.enable');
  const timer = setTimeout(() => {
    fit = false;
    void dumpStack(page, cdp, scripts, started);
  }, WATCH_MS);
  timer.unref();
  return {
    stop() {
      clearTimeout(timer);
      cdp.off('Debugger.scriptParsed', parsed);
      page.off('crash', crashed);
      return fit && !page.isClosed();
    },
  };
}

const short = (url) => url.replace(/^https?:\/\/[^/]+\//, '').replace(/\?.*$/, '');

async function dumpStack(page, cdp, scripts, started) {
  const seconds = Math.round((Date.now() - started) / 1000);
  const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
  cdp.send('Debugger.pause').catch(() => undefined);
  const event = await Promise.race([paused, new Promise((resolve) => setTimeout(() => resolve(null), 5000).unref())]);
  const stack = event
    ? event.callFrames
        .slice(0, 15)
        .map(
          (f) =>
            `    at ${f.functionName || '(anonymous)'} (${short(scripts.get(f.location.scriptId) ?? '?')}:${f.location.lineNumber + 1}:${f.location.columnNumber + 1})`,
        )
        .join('\n')
    : '    (it did not pause: the page is idle, waiting, or gone)';
  // Not awaited: the page carries on, and may never answer again.
  if (event) cdp.send('Debugger.resume').catch(() => undefined);
  // A page that did not pause was running no script: the pause stays asked for, and would stop the next script to
  // run (the evaluation below, or the page's next timer) for good. Switching the debugger off and on drops it.
  else
    await cdp
      .send('Debugger.disable')
      .then(() => cdp.send('Debugger.enable'))
      .catch(() => undefined);
  const file = [...scripts.values()].find((url) => /\.test\.js/.test(url));
  // Whether the page still answers at all: a page that neither pauses nor evaluates is stuck below its scripts (its
  // renderer or its navigation), not in a test's code. One that answers and did not pause is idle: waiting for
  // something that never comes, or done with a report that never reached the runner.
  const state = await Promise.race([
    page
      .evaluate(() => `${document.readyState}, ${document.visibilityState}, title "${document.title}"`)
      .catch((e) => `evaluation failed: ${e}`),
    new Promise((resolve) => setTimeout(() => resolve('no answer to an evaluation within 5 s'), 5000).unref()),
  ]);
  process.stderr.write(
    `\n[watchdog] ${file ? short(file) : short(page.url())} still running after ${seconds} s; the page: ${state}; its script stands at:\n${stack}\n`,
  );
}
