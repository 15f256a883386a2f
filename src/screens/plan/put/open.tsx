import type { Plan, PutResult } from '../../../api/shapes/plan';
import type { AppServices } from '../../../app/context';
import { PutDialog } from './PutDialog';

/**
 * Opens the put dialog for a waiting plan; resolves with the put's result, or undefined when the merchant
 * cancelled, or when the plan turned out to be put already (then `onStale`: what the caller shows is out of date).
 */
export function openPutDialog(
  app: AppServices,
  plan: Plan,
  o: { onStale?: () => void } = {},
): Promise<PutResult | undefined> {
  return app.overlays.open<PutResult>(
    (close) => (
      <PutDialog
        plan={plan}
        onDone={close}
        onStale={() => {
          o.onStale?.();
          close();
        }}
      />
    ),
    {
      title: app.i18n.t('put.title'),
      position: 'bottom',
      // A sheet that leaves the list in sight above it; its content scrolls (the coupons may be many).
      height: '85%',
      closeable: true,
      className: 'ma-put__sheet',
    },
  );
}
