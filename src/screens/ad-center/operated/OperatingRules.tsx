import { useApp } from '../../../app/context';
import { ResourceView, type Resource } from '../../../kit';
import { RichText } from '../../../ui/rich-text';
import { Skeleton } from '../../../ui/skeleton';
import { pickRichText } from '../../shared/localized';

/** The ad centre's operating rules (basic config's operating_rules), operator HTML rendered by RichText. */
export function OperatingRules({ load }: { load: Resource<true> }) {
  const app = useApp();
  const t = app.i18n.t;
  const rules = app.config.config.value.operating_rules;
  const picked = pickRichText(rules, app.i18n.lang.value);
  // Loaded and empty: nothing to show, so no heading over nothing.
  if (rules && !picked.text) return null;

  return (
    <section className="ma-card ma-operated__rules" aria-labelledby="ma-operated-rules">
      <h2 id="ma-operated-rules" className="ma-operated__card-title">
        {t('operated.rulesTitle')}
      </h2>
      <ResourceView resource={load} inline failed={t('operated.rulesFailed')} skeleton={<Skeleton rows={4} />}>
        {() => (
          <div lang={picked.lang}>
            <RichText html={picked.text} />
          </div>
        )}
      </ResourceView>
    </section>
  );
}
