import { useRef } from 'react';
import { useApp } from '../../../app/context';
import { useModel } from '../../../kit';
import { PullRefresh } from '../../../ui/pull-refresh';
import type { ScreenProps } from '../../types';
import { FollowForm } from './FollowForm';
import { FollowList } from './FollowList';
import { MyProxyId } from './MyProxyId';
import { OperatedModel } from './model';
import { OperatingRules } from './OperatingRules';

/**
 * Plan follow (docs/product.md, "Plans"): the merchant's own follow ID to share, a form to follow another operator by theirs, the
 * operators followed (by name, infinite, pull to refresh, each with Unfollow) and the operating rules. One name for
 * the ID everywhere (home, this screen, its errors): the locale's `operated.idLabel` = `home.proxyId`.
 */
export function Operated(_: ScreenProps) {
  const app = useApp();
  const model = useModel(() => new OperatedModel(app));
  const formBox = useRef<HTMLDivElement>(null);

  // The empty list's way forward: to the form, with the cursor in its field.
  const start = () => {
    const box = formBox.current;
    box?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    box?.querySelector('input')?.focus({ preventScroll: true });
  };

  return (
    <PullRefresh onRefresh={() => model.refresh()}>
      <div className="ma-page ma-operated">
        <MyProxyId user={model.user} />
        <FollowForm
          formRef={formBox}
          ownId={app.session.user.value?.proxy_id}
          has={model.has}
          onFollowed={(r) => model.followed(r)}
        />
        <FollowList model={model} onStart={start} />
        <OperatingRules load={model.rules} />
      </div>
    </PullRefresh>
  );
}
