// A resource's loader re-runs whenever a signal it reads before its first `await` changes: that is how a filter
// reloads a list. The app's calls read signals too (app.request reads the session's token), so a loader that calls
// the app outside `untracked(…)` loads again on every sign-in or token refresh. This rule asks for the wrapper
// wherever a loader given to createResource or useResource reaches the app synchronously.
const RESOURCE_FACTORIES = new Set(['createResource', 'useResource']);
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
const calleeName = (call) =>
  call.callee.type === 'Identifier'
    ? call.callee.name
    : call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier'
      ? call.callee.property.name
      : null;
/** A call that reaches the app: `app.x(…)`, or a helper handed `app` itself. */
const reachesApp = (call) =>
  (call.callee.type === 'MemberExpression' &&
    call.callee.object.type === 'Identifier' &&
    call.callee.object.name === 'app') ||
  call.arguments.some((a) => a.type === 'Identifier' && a.name === 'app');

/** @type {import('eslint').Rule.RuleModule} */
export const oneShotLoader = {
  meta: {
    type: 'problem',
    docs: { description: "a resource's loader calls the app inside untracked(…), so a sign-in does not re-run it" },
    messages: {
      tracked:
        'This loader calls the app where its signals are tracked (the session token among them): wrap the call in ' +
        'untracked(() => …), or a sign-in or token refresh runs the loader again.',
    },
    schema: [],
  },
  create(context) {
    /** Reports the app's calls in the loader's own synchronous body: nested functions run later, untracked. */
    function check(node) {
      if (!node || typeof node.type !== 'string') return;
      if (node.type === 'CallExpression' && calleeName(node) === 'untracked') return;
      if (node.type === 'CallExpression' && reachesApp(node)) context.report({ node, messageId: 'tracked' });
      for (const key of context.sourceCode.visitorKeys[node.type] ?? []) {
        const child = node[key];
        for (const c of Array.isArray(child) ? child : [child]) if (!isFunction(c)) check(c);
      }
    }
    return {
      CallExpression(node) {
        if (!RESOURCE_FACTORIES.has(calleeName(node))) return;
        const loader = node.arguments[0];
        if (isFunction(loader)) check(loader.body);
      },
    };
  },
};
