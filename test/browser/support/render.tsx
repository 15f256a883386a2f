/**
 * Renders a piece of UI the way the SDK does: inside an open shadow root, with the design tokens and the
 * given component CSS, under an I18n provider (English). Returns handles for assertions and cleanup.
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import tokens from '../../../src/ui/styles/tokens.css';
import { createI18n, type I18n } from '../../../src/i18n/i18n';
import en from '../../../locales/en.json';
import { I18nContext } from '../../../src/i18n/context';

export interface Rendered {
  host: HTMLElement;
  shadow: ShadowRoot;
  /** The .ma-root element everything renders into. */
  root: HTMLElement;
  i18n: I18n;
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
  $: (selector: string) => HTMLElement | null;
  $$: (selector: string) => HTMLElement[];
}

const mounted = new Set<Rendered>();

export function renderUI(ui: ReactNode, css: string[] = []): Rendered {
  const host = document.createElement('div');
  host.style.cssText = 'width:375px;height:667px;position:relative;';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = [tokens, ...css].join('\n');
  shadow.appendChild(style);
  const root = document.createElement('div');
  root.className = 'ma-root';
  root.style.cssText = 'height:100%;';
  shadow.appendChild(root);
  const i18n = createI18n(async (lang) => (await fetch(`/locales/${lang}.json`)).json(), 'en', { en });
  const wrap = (x: ReactNode) => <I18nContext.Provider value={i18n}>{x}</I18nContext.Provider>;
  // Through react-dom/client (preact/compat's in the preact run); flushSync so the DOM is there on return, as
  // React's createRoot otherwise renders in a later task.
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(wrap(ui)));
  const r: Rendered = {
    host,
    shadow,
    root,
    i18n,
    rerender: (x) => flushSync(() => reactRoot.render(wrap(x))),
    unmount() {
      reactRoot.unmount();
      host.remove();
      mounted.delete(r);
    },
    $: (s) => shadow.querySelector<HTMLElement>(s),
    $$: (s) => Array.from(shadow.querySelectorAll<HTMLElement>(s)),
  };
  mounted.add(r);
  return r;
}

/** Unmounts everything renderUI() made; call from afterEach. */
export function cleanup(): void {
  for (const r of [...mounted]) r.unmount();
}

/** Resolves after the renderer has flushed effects and the browser has painted. */
export const settle = (ms = 0) => new Promise<void>((ok) => setTimeout(() => requestAnimationFrame(() => ok()), ms));

type Falsy = null | undefined | false;

/**
 * Waits until `fn` returns (or resolves to) a truthy value, polling, or fails with `what`. An async condition
 * (a count asked of the test server) is awaited before the next poll.
 */
export async function waitFor<T>(
  fn: () => T | Falsy | Promise<T | Falsy>,
  what = 'condition',
  timeout = 5000,
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

/** Resolves after the next frame has been rendered (its animation-frame callbacks, then a task). */
export const nextFrame = () => new Promise<void>((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));

/**
 * Brings the end of a scrolled list into view in a way its IntersectionObserver sees: first back to the top, a
 * frame for observers to record that the end is out of view, then to the end. Writing scrollTop = scrollHeight
 * again and again is not enough: an observer reports changes between rendered frames only, so when a page arrives
 * (pushing the end down) and the end is scrolled back into view before the next frame, an observer that last saw
 * the end in view sees it in view again and reports nothing; the list never asks for its next page.
 */
export async function scrollToEnd(scroller: HTMLElement): Promise<void> {
  scroller.scrollTop = 0;
  await nextFrame();
  scroller.scrollTop = scroller.scrollHeight;
}

/** Runs axe-core on a shadow root's content and throws with the violations' ids and targets. */
export async function expectAxeClean(node: Element | ShadowRoot): Promise<void> {
  const context = node instanceof ShadowRoot ? node.host : node;
  // Contrast is measured on what is painted: a sheet still fading or sliding in reads as faint text.
  await settleAnimations(node instanceof ShadowRoot ? node : (node.getRootNode() as Document | ShadowRoot));
  // Loaded here, not at the top: evaluating axe-core takes most of a second, which every test file paid at start,
  // the half that never runs axe too (each file is a fresh page).
  const { default: axe } = await import('axe-core');
  const result = await axe.run(context, { resultTypes: ['violations'], rules: { region: { enabled: false } } });
  if (result.violations.length) {
    const text = result.violations
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')})`,
      )
      .join('\n');
    throw new Error(`axe violations:\n${text}`);
  }
}

/**
 * Resolves once every finite animation and transition under `root` has finished. Document.getAnimations()
 * does not see into shadow trees, so the widget's shadow root is asked itself.
 */
export async function settleAnimations(root: Document | ShadowRoot = document): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const running = root
      .getAnimations()
      .filter((a) => (a.playState === 'running' || a.pending) && a.effect?.getTiming().iterations !== Infinity);
    if (!running.length) return;
    await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((r) => setTimeout(r, 1000))]);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
}
