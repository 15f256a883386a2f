import { trustedHTML } from '../../lib/assets';
import { boundHtml } from '../../lib/bound-html';
import { createElement, type ReactNode } from 'react';
import { cx } from '../shared/bem';
import css from './rich-text.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'rich-text');

export interface RichTextProps {
  /** Operator-written HTML (FAQ answers, rules, banner details). Never set as HTML: see below. */
  html: string;
  /**
   * Origins images may load from besides https: ones (the API's, for uploads). Anything else is dropped, so a
   * body cannot make the merchant's browser call a tracker over http or a data: URL.
   */
  imageOrigins?: readonly string[];
  className?: string;
}

/** Elements kept, as themselves. Everything else is unwrapped (its text kept) or, for DROP, removed whole. */
const KEEP = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'a',
  'img',
  'hr',
]);
/** Headings an operator writes as h1/h2 sit under the screen's own title. */
const RENAME: Record<string, string> = { h1: 'h3', h2: 'h4', h6: 'h5', del: 's' };
/** Elements whose content is code, not text: removed with everything inside. */
const DROP = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'select',
  'textarea',
  'title',
  'head',
]);
const VOID = new Set(['br', 'img', 'hr']);

/** An https URL (no credentials), or one on an allowed origin; otherwise null. */
function safeUrl(raw: string | null, origins: readonly string[], base: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' || origins.includes(url.origin)) return url.href;
  return null;
}

/**
 * Renders operator HTML as React elements from an allowlist. The text is parsed by the browser's DOMParser into
 * an inert document (no script runs, no image loads, no handler is attached there), then walked: kept elements
 * become React elements with only their allowed attributes (a: https href, opened in a new tab without opener
 * or referrer; img: src on https or an allowed origin, alt), every other element gives up its text, and code
 * containers go whole. Nothing ever reaches innerHTML, so no parser quirk (mXSS) can turn kept text into markup.
 */
export function RichText({ html, imageOrigins = [], className }: RichTextProps) {
  // Bounded before it is parsed: deep nesting is flattened to its text and a huge text cut, so no stored text can
  // keep the host page's main thread busy (the parser's cost grows steeply past a few hundred levels).
  // Through the SDK's Trusted Types policy: a page that requires them refuses a plain string here.
  const doc = new DOMParser().parseFromString(trustedHTML(boundHtml(html).html), 'text/html');
  const base = typeof location === 'undefined' ? 'https://invalid.example/' : location.href;
  let key = 0;

  const walk = (node: Node): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.nodeValue;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const el = node as Element;
    const name = el.localName;
    if (DROP.has(name)) return null;
    const children = Array.from(el.childNodes, walk);
    const tag = RENAME[name] ?? name;
    if (!KEEP.has(tag)) return children; // unwrapped: its text and kept descendants stay
    const props: Record<string, string> = { key: String(key++) };
    if (tag === 'a') {
      const href = safeUrl(el.getAttribute('href'), [], base);
      if (!href || !href.startsWith('https:')) return children; // a link we will not follow is plain text
      Object.assign(props, { href, target: '_blank', rel: 'noopener noreferrer nofollow' });
    }
    if (tag === 'img') {
      const src = safeUrl(el.getAttribute('src'), imageOrigins, base);
      if (!src) return null;
      Object.assign(props, { src, alt: el.getAttribute('alt') ?? '', loading: 'lazy', referrerPolicy: 'no-referrer' });
    }
    return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
  };

  return <div className={cx('ma-rich-text', className)}>{Array.from(doc.body.childNodes, walk)}</div>;
}
