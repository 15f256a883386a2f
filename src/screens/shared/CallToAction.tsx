import { CTA_ROUTES, type Cta } from '../../api/shapes/cta';
import { useApp } from '../../app/context';
import { Button } from '../../ui/button';
import { pickLocalized } from './localized';

/** Whether a call to action leads to one of the app's own screens (the server checks it too; either alone holds). */
export const isCtaRoute = (route: unknown): route is Cta['route'] =>
  typeof route === 'string' && (CTA_ROUTES as readonly string[]).includes(route);

/**
 * The next step a detail page may end with (a banner's, an FAQ's): a primary button in the operator's words that
 * opens a screen of the app. Nothing when there is none, when its route is not one of the app's, or without words.
 */
export function CallToAction({ cta, className }: { cta: Cta | undefined; className?: string }) {
  const app = useApp();
  if (!cta || !isCtaRoute(cta.route)) return null;
  const label = pickLocalized(cta.label, app.i18n.lang.value);
  if (!label.text) return null;
  return (
    <Button
      variant="primary"
      block
      className={className}
      lang={label.lang}
      onClick={() => app.router.navigate(cta.route)}
    >
      {label.text}
    </Button>
  );
}
