import { useApp } from '../../../app/context';
import { Button } from '../../../ui/button';
import { Empty } from '../../../ui/empty';
import type { ScreenProps } from '../../types';

/**
 * The header already names the page ("Page not found"): the body says what happened and the way back, the one
 * primary button inside the empty state, as every empty, not-found and failed state has it (kit/views.tsx).
 */
export function NotFound(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  return (
    <div className="ma-page ma-center">
      <Empty text={t('notFound.text')}>
        <Button variant="primary" onClick={() => app.router.replace(app.session.token.value ? '/ad-center' : '/login')}>
          {t('app.backHome')}
        </Button>
      </Empty>
    </div>
  );
}
