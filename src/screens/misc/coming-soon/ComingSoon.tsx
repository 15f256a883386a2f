import { useApp } from '../../../app/context';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import type { ScreenProps } from '../../types';

/**
 * Routes whose screens come in later issues. The header names the page; the body says it is on its way, with the
 * way back as the one primary button of every empty state (kit/views.tsx).
 */
export function ComingSoon(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  return (
    <div className="ma-page ma-center">
      <Empty text={t('app.comingSoonText')}>
        <Button variant="primary" onClick={() => app.back()}>{t('common.back')}</Button>
      </Empty>
    </div>
  );
}
