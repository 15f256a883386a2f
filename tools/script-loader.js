// The script-tag build's module loader, wrapped around rollup's AMD output by the script-tag build (tools/rollup/script-tag.mjs).
// Rollup cannot split an IIFE, so the script-tag build is AMD: the entry file runs this loader and its own
// module at once (hosts call MerchantAds.mount right after the <script>), and every other file (a route group,
// web-vitals, a piece two groups share) is an AMD module loaded on demand by a <script> element beside the entry
// (or `assetsBase`) with the CSP nonce. Nothing is global but the entry's public name: a loaded file hands its
// module to this loader through an event on its own <script> element (document.currentScript), and the SDK's code
// reaches the loader as __merchantAdsLoader, a variable of this wrapper's scope. No eval, no inline script.
var script = document.currentScript || {}; // none when the host runs the file some other way
var scriptNonce = script.nonce || '';
var modules = {}; // id -> exports of a module that has run
var defining = {}; // url -> Promise of the exports of a file being loaded
var warmed = {}; // url -> the prefetch's request for it
// Relative addresses resolve against the page's own address, never document.baseURI: a <base> element injected
// into the page would otherwise move where the SDK fetches its code from. (A page with no address of its own, an
// about:srcdoc frame, has only its base.)
function page() {
  return /^https?:/.test(document.URL) ? document.URL : document.baseURI;
}
// The SDK's own folder: where its script came from. A file from anywhere else runs only from an origin the host
// allowed from script (mount()'s assetsBase, define()'s allowedOrigins), never from markup alone.
var scriptSrc = script.src;
function ownFolder() {
  return new URL('.', scriptSrc || page()).href;
}
var allowed = {}; // origin -> true
// The files the loader vouches for: its own folder's, or an allowed origin's. Only these get a <script> and the nonce.
function vouched(url) {
  return url.indexOf(ownFolder()) === 0 || allowed[new URL(url).origin] === true;
}
// An error the host's `error` event names by its code.
function failure(code, message) {
  return Object.assign(new Error('MerchantAds: ' + message), { code: code });
}
function refused(url) {
  return failure(
    'asset_origin_refused',
    url + " is outside the SDK's folder (" + ownFolder() + ') and no script allowed its origin',
  );
}
// Trusted Types: a page that requires them refuses a plain string as a <script>'s src (or as HTML to parse). One
// named policy, made the first time it is needed (as webpack's runtime does), passes what the SDK vouches for: the
// URLs of its own files (checked again here, so nothing else passes even by mistake), and operator text that
// RichText parses into an inert document and walks by its allowlist. A page whose policy lists names allows
// `merchant-ads` (the README says so). Trusted Types are looked up then too: running the script reads nothing but
// its own <script> element.
var policy;
var policyError;
// `kind` is the policy's method for what `value` is: HTML unless named.
function trust(value, kind) {
  var types = window.trustedTypes;
  if (!types) return value;
  if (policy === undefined) {
    try {
      policy = types.createPolicy('merchant-ads', {
        createScriptURL: function (url) {
          if (!vouched(url)) throw refused(url);
          return url;
        },
        createHTML: String,
      });
    } catch (e) {
      // Another copy of the SDK (or a script of the page) made a policy of this name first, or the page's
      // trusted-types directive does not list it: plain strings are tried, which a page that enforces Trusted
      // Types refuses at the sink (policyRefused says why).
      policyError = e;
      policy = null;
    }
  }
  return policy ? policy[kind || 'createHTML'](value) : value;
}
function policyRefused() {
  return failure(
    'trusted_types_policy',
    "the page refused the Trusted Types policy 'merchant-ads' (" + policyError.message + ')',
  );
}
var __merchantAdsLoader = {
  // The nonce of the SDK's own <script>: what its <style> and files carry when mount() names none.
  nonce: scriptNonce,
  // The policy above, for operator HTML (trustedHTML in src/lib/assets-script.ts).
  trust: trust,
  // Makes the policy now (where the page has Trusted Types) and answers the error if the page refused it, else null.
  policyProblem: function () {
    trust('');
    return policyError ? policyRefused() : null;
  },
  // The page's own address, which every relative address of the SDK resolves against.
  page: page,
  // The folder of the SDK's files (`o`, always given: an instance's options, or none): a host's assetsBase, read
  // like any URL on its page (as localesBase is), else the folder the script was loaded from.
  folder: function (o) {
    return o.assetsBase ? new URL(o.assetsBase, page()).href : ownFolder();
  },
  // An origin the host allowed from script: files from there run with the nonce.
  allow: function (url) {
    var u = new URL(url, page());
    if (/^https?:$/.test(u.protocol)) allowed[u.origin] = true;
  },
  // Whether a file at `url` is the SDK's (its folder's, or an allowed origin's); else the error that says why.
  check: function (url) {
    return vouched(url) ? null : refused(url);
  },
  // Runs a dynamic import (which calls req below synchronously) with the options of the instance that asked.
  load: function (o, importer) {
    options = o;
    try {
      return importer();
    } finally {
      options = {};
    }
  },
};
var options = {};

// An AMD `require`, as rollup's output calls it for import(): the options of the moment travel with the call.
function req(deps, done, fail) {
  var o = options;
  Promise.all(deps.map((id) => load(id, o))).then((m) => done(...m), fail);
}

function load(id, o) {
  id = id.replace(/^\.\//, '');
  if (modules[id]) return Promise.resolve(modules[id]);
  var url = new URL(id + '.js', __merchantAdsLoader.folder(o)).href;
  if (!vouched(url)) return report(o, refused(url));
  if (!defining[url]) {
    // The files it imports are fetched alongside (run() waits for them; a failure surfaces there).
    // DEPS names a file by its own name alone: STEM before it and the build's id after it make the file's.
    (DEPS[id.slice(STEM.length, -BUILD.length - 1)] || []).forEach((d) =>
      load(STEM + d + '-' + BUILD, o).catch(() => {}),
    );
  }
  // A prefetch (o.low) only brings the file into the browser's HTTP cache, asked for as the <script> below asks
  // (no-cors), once a page: nothing of it runs on the main thread while the merchant types, only once it is opened.
  if (o.low) return defining[url] || (warmed[url] = warmed[url] || fetch(url, { priority: 'low', mode: 'no-cors' }));
  defining[url] =
    defining[url] ||
    new Promise((resolve, reject) => {
      var s = document.createElement('script');
      var def;
      // async, as every script put in by a script is. A page that enforces Trusted Types throws here when the policy
      // could not be made.
      try {
        s.src = trust(url, 'createScriptURL');
      } catch (e) {
        throw policyError && !e.code ? policyRefused() : e;
      }
      s.nonce = o.nonce || scriptNonce;
      s.addEventListener(DEFINE_EVENT, (e) => (def = e.detail));
      s.onload = s.onerror = () => {
        s.remove();
        if (def) resolve(run(id, def[0], def[1], o));
        else reject(new Error('MerchantAds: could not load ' + url));
      };
      document.head.append(s);
    }).catch((e) => {
      delete defining[url]; // the next attempt fetches again
      throw e;
    });
  return defining[url].catch((e) => (e.code ? report(o, e) : Promise.reject(e)));
}

// A file the page or the loader refused: the instance that asked tells its host (its `error` event), then fails.
function report(o, e) {
  if (o.report) o.report(e.code, e.message);
  return Promise.reject(e);
}

function run(id, deps, factory, o) {
  var exports = {};
  return Promise.all(deps.map((d) => (d === 'exports' ? exports : d === 'require' ? req : load(d, o)))).then((args) => {
    if (!modules[id]) {
      factory(...args);
      modules[id] = exports;
    }
    return modules[id];
  });
}
