import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import { Button } from '../../../ui/button';
import { HomeIcon } from './icons';
import type { HomeModelInstance } from './model';

/** The daily sign-in on the profile card: the streak once signed in today, else the prompt and its button. */
export function CheckIn({ model }: { model: HomeModelInstance }) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const stats = model.stats.data.value;
  return (
    <div className="ma-home__sign-in">
      <HomeIcon name="calendar" />
      <span className="ma-home__sign-in-text">
        {stats?.signed_in_today
          ? t('home.signIn.streak', { days: stats.sign_in_streak })
          : t('home.signIn.prompt')}
      </span>
      <Button className="ma-home__sign-in-button" variant={stats?.signed_in_today ? 'default' : 'primary'} loading={model.signIn.busy.value.size > 0} onClick={() => void model.signIn.run()}>
        {stats?.signed_in_today ? t('home.signIn.signed') : t('home.signIn.action')}
      </Button>
    </div>
  );
}
