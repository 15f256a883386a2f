/**
 * Every failure reaches the runner, whatever the failed assertion compared. The test page sends its results
 * through the dev server's socket module, which copies them with structuredClone first; a chai error keeps what
 * it compared as `actual` and `expected`, and when that is an element (`expect(el).to.equal(null)`), the copy
 * throws, the rejection is lost, and the page never reports: the runner says the file "did not finish" minutes
 * later, with the page idle and no test named. This plugin gives that module a copy that falls back to plain data
 * (an element as the start of its HTML, a function by its name, a repeated object as "[Circular]").
 */
const MODULE = '/__web-dev-server__web-socket.js';
const CLONE = 'var target = structuredClone(obj)';

const fallback = `
function cloneForReport(value) {
  try {
    return structuredClone(value);
  } catch {
    const seen = new WeakSet();
    const plain = (v) => {
      if (typeof v === 'function') return '[function ' + (v.name || 'anonymous') + ']';
      if (typeof v !== 'object' || v === null) return v;
      if (typeof Node !== 'undefined' && v instanceof Node) return v instanceof Element ? v.outerHTML.slice(0, 300) : v.nodeName;
      if (seen.has(v)) return '[Circular]';
      seen.add(v);
      if (Array.isArray(v)) return v.map(plain);
      const out = {};
      for (const k of Object.keys(v)) out[k] = plain(v[k]);
      if (v instanceof Error) for (const k of ['name', 'message', 'stack']) out[k] = v[k];
      return out;
    };
    return plain(value);
  }
}
`;

export const reportableFailures = {
  name: 'reportable-failures',
  transform(context) {
    if (context.path !== MODULE) return undefined;
    const body = String(context.body);
    // The dev server's module changed: say so at once rather than let failures go silent again.
    if (!body.includes(CLONE))
      throw new Error(`reportable-failures: "${CLONE}" is no longer in ${MODULE}; update test/reportable-failures.mjs`);
    return { body: body.replace(CLONE, 'var target = cloneForReport(obj)') + fallback };
  },
};
