// The home's small pieces: a value's placeholder, a row's chevron, the operating rules, the merchant's avatar.
import type { UserInfo } from '../../../api/shapes/account';
import type { AppServices } from '../../../app/context';
import { Icon } from '../../../ui/icon';
import { RichText } from '../../../ui/rich-text';
import { pickLocalized } from '../../shared/localized';

/** A grey bar where a value goes until it first arrives (not a dash, which reads as "no value"). */
export function Pending() {
  return <span className="ma-home__pending" aria-hidden="true" />;
}

export function Chevron() {
  return <Icon className="ma-home__chevron" name="chevron" size={16} />;
}

export function OperatingRules({ app }: { app: AppServices }) {
  const rules = pickLocalized(app.config.config.value.operating_rules, app.i18n.lang.value);
  if (!rules.text) return null;
  return (
    <section className="ma-card" aria-labelledby="ma-home-rules">
      <h2 id="ma-home-rules" className="ma-home__section-title">
        {app.i18n.t('home.rules')}
      </h2>
      <div lang={rules.lang}>
        <RichText html={rules.text} />
      </div>
    </section>
  );
}

export function Avatar({ user, name }: { user: UserInfo | null; name: string }) {
  if (user?.avatar) return <img className="ma-home__avatar" src={user.avatar} alt="" width={40} height={40} />;
  // Our own initial on a tinted disc: no stock image, and nothing to load.
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '';
  return (
    <span className="ma-home__avatar ma-home__avatar--initial" aria-hidden="true">
      {initial}
    </span>
  );
}
