import { useEffect, useRef, useState } from 'react';
import type { Banner } from '../../../api/shapes/config';
import { useApp } from '../../../app/context';
import { prefersReducedMotion } from '../../../ui/shared/motion';
import { pickLocalized } from '../../shared/localized';
import { pageAddress } from '../../../lib/assets';
import { bannerImage } from '../banner-detail/banner-image';

/** Vant's Swipe autoplay default is 3 s; a banner with a line of text reads better at 4. */
export const BANNER_INTERVAL_MS = 4000;
/** After a touch or a tap on a dot, the merchant is looking: wait this long before moving on again. */
const RESUME_AFTER_MS = 8000;

/**
 * The banners: a native scroll-snap strip (a swipe is the browser's own, with its momentum and accessibility),
 * dots to jump, and an autoplay that stops while a finger or the pointer is on it, while something in it has
 * focus, while the page is hidden, and altogether under prefers-reduced-motion. Each slide says its title (and
 * subtitle) over the artwork, on a scrim. `banners` is undefined while basic config loads: the strip and its dots
 * hold their place, so nothing below moves when they arrive; `failed` then takes the place away (decoration).
 */
export function Banners({ banners, failed }: { banners: Banner[] | undefined; failed?: boolean }) {
  const app = useApp();
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const held = useRef(0); // time until which autoplay waits (a touch, a dot)
  const hovered = useRef(false);

  const go = (i: number, smooth = true) => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
    setIndex(i);
  };
  const hold = () => (held.current = Date.now() + RESUME_AFTER_MS);

  useEffect(() => {
    if (!banners || banners.length < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      const el = strip.current;
      if (!el || document.visibilityState === 'hidden' || hovered.current || Date.now() < held.current) return;
      if (el.matches(':focus-within')) return; // a keyboard user is on a slide
      go((Math.round(el.scrollLeft / Math.max(1, el.clientWidth)) + 1) % banners.length);
    }, BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new list of the same length keeps the rotation running; the timer reads only its length
  }, [banners?.length]);

  if (!banners) {
    if (failed) return null;
    return (
      <section className="ma-home__banners" aria-label={t('home.banners')} aria-busy="true">
        <div className="ma-home__banner-strip">
          <div className="ma-home__banner ma-home__banner--pending" />
        </div>
        <div className="ma-home__dots" aria-hidden="true" />
      </section>
    );
  }
  if (!banners.length) return null;
  return (
    <section className="ma-home__banners" aria-roledescription="carousel" aria-label={t('home.banners')}>
      <div
        ref={strip}
        className="ma-home__banner-strip"
        onScroll={(e) => {
          const el = e.currentTarget;
          const i = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
          if (i !== index) setIndex(i);
        }}
        onPointerDown={hold}
        onTouchStart={hold}
        onPointerEnter={() => (hovered.current = true)}
        onPointerLeave={() => (hovered.current = false)}
      >
        {banners.map((b, i) => {
          const title = pickLocalized(b.title, lang);
          const subtitle = pickLocalized(b.subtitle, lang);
          const src = bannerImage(b.image, pageAddress());
          return (
            <button
              key={b.id}
              type="button"
              className="ma-home__banner"
              aria-roledescription="slide"
              // The name is the words shown (so speech input finds it by them) and the slide's place.
              aria-label={t('home.bannerOf', {
                title: subtitle.text ? `${title.text} ${subtitle.text}` : title.text,
                n: i + 1,
                total: banners.length,
              })}
              onClick={() => app.router.navigate(`/ad-center/banner-detail?id=${b.id}`)}
            >
              {src && <img src={src} alt="" draggable={false} referrerPolicy="no-referrer" />}
              {/* The words over the art, on a scrim of their own: readable whatever the artwork's colours. */}
              <span className="ma-home__banner-words">
                <span className="ma-home__banner-title" lang={title.lang}>
                  {title.text}
                </span>
                {subtitle.text && ' '}
                {subtitle.text && (
                  <span className="ma-home__banner-subtitle" lang={subtitle.lang}>
                    {subtitle.text}
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
      {banners.length > 1 && (
        <div className="ma-home__dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={i === index ? 'ma-home__dot ma-home__dot--active' : 'ma-home__dot'}
              aria-label={t('home.showBanner', { n: i + 1, total: banners.length })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => {
                hold();
                go(i);
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
