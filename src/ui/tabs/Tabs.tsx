import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Badge } from '../badge';
import { bem, cx } from '../shared/bem';
import { prefersReducedMotion } from '../shared/motion';
import css from './tabs.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'tabs');

const b = bem('ma-tabs');

export interface TabItem<K extends string = string> {
  key: K;
  title: string;
  /** A count or short text in a bubble after the title. */
  badge?: number | string;
}

/** Typed by the tab keys: `items`, `active`, `onChange` and the panels agree, so no screen casts. */
export interface TabsProps<K extends string = string> {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  ariaLabel?: string;
  /** Panel content per key. Without children and panels the tabs render no panel (e.g. they filter one list). */
  children?: (key: K) => ReactNode;
  panels?: Partial<Record<K, ReactNode>>;
  /** Render a panel only once it has been shown; it then stays mounted (hidden) to keep its state. */
  lazy?: boolean;
  className?: string;
}

/** Past this many tabs the strip scrolls instead of squeezing them. */
const SCROLL_THRESHOLD = 5;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move focus and select. */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  ariaLabel,
  children,
  panels,
  lazy,
  className,
}: TabsProps<K>) {
  const base = `ma-tabs-${useId()}`;
  const navRef = useRef<HTMLDivElement>(null);
  const visited = useRef(new Set<K>());
  const first = useRef(true);
  visited.current.add(active);
  const hasPanels = Boolean(children || panels);
  const scrollable = items.length > SCROLL_THRESHOLD;
  const tabId = (key: string) => `${base}-tab-${key}`;
  const panelId = (key: string) => `${base}-panel-${key}`;

  // Keep the active tab centred in a scrolling strip.
  useEffect(() => {
    const nav = navRef.current;
    const tab = nav?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return;
    const left = tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2;
    nav.scrollTo({ left, behavior: first.current || prefersReducedMotion() ? 'auto' : 'smooth' });
    first.current = false;
  }, [active, items.length]);

  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((it) => it.key === active);
    const last = items.length - 1;
    const next = { ArrowRight: i >= last ? 0 : i + 1, ArrowLeft: i <= 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (next === undefined || !items[next]) return;
    e.preventDefault();
    const key = items[next].key;
    // preventScroll: the strip's scroll is the effect's alone. Focus's own instant scroll could leave a smooth
    // scroll still running from the last change (React runs a key's effect at once, before it ended) un-cancelled.
    navRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(key))}`)?.focus({ preventScroll: true });
    if (key !== active) onChange(key);
  };

  const content = (key: K) => (children ? children(key) : panels?.[key]);

  return (
    <div className={cx(b(), className)}>
      <div
        ref={navRef}
        role="tablist"
        aria-label={ariaLabel}
        aria-orientation="horizontal"
        className={b('nav', { scrollable })}
        onKeyDown={keyDown}
      >
        {items.map((it) => {
          const selected = it.key === active;
          return (
            <button
              key={it.key}
              type="button"
              role="tab"
              id={tabId(it.key)}
              aria-selected={selected ? 'true' : 'false'}
              aria-controls={hasPanels ? panelId(it.key) : undefined}
              tabIndex={selected ? 0 : -1}
              className={b('tab', { active: selected })}
              onClick={() => {
                if (!selected) onChange(it.key);
              }}
            >
              <span className="ma-tabs__title">{it.title}</span>
              {it.badge !== undefined && it.badge !== '' && it.badge !== 0 ? (
                typeof it.badge === 'number' ? (
                  <Badge count={it.badge} ariaLabel={`(${it.badge})`} className="ma-tabs__badge" />
                ) : (
                  <span className="ma-tabs__badge-text">{it.badge}</span>
                )
              ) : null}
            </button>
          );
        })}
      </div>
      {hasPanels
        ? items.map((it) => {
            const selected = it.key === active;
            const render = !lazy || visited.current.has(it.key);
            return (
              <div
                key={it.key}
                role="tabpanel"
                id={panelId(it.key)}
                aria-labelledby={tabId(it.key)}
                tabIndex={0}
                hidden={!selected}
                className="ma-tabs__panel"
              >
                {render ? content(it.key) : null}
              </div>
            );
          })
        : null}
    </div>
  );
}
