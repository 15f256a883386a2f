import { useApp } from '../../../app/context';
import { NotFound, ResourceView, useModel } from '../../../kit';
import { Icon } from '../../../ui/icon';
import { RichText } from '../../../ui/rich-text';
import { Skeleton } from '../../../ui/skeleton';
import { CallToAction } from '../../shared/CallToAction';
import { pickLocalized, pickRichText } from '../../shared/localized';
import type { ScreenProps } from '../../types';
import { QuesDetailModel } from './model';

/**
 * One FAQ (`?id=`): its question as the heading, its answer as rich text (never set as HTML), in the merchant's
 * language or else English, ending with its call to action when it has one (a screen of the app); the other
 * questions below, so a merchant can read on without going back.
 */
export function QuesDetail({ location }: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const model = useModel(() => new QuesDetailModel(app));
  return (
    <div className="ma-page">
      <ResourceView
        resource={model.config}
        failed={t('quesDetail.loadFailed')}
        skeleton={<Skeleton className="ma-card" title rows={4} />}
      >
        {() => <Faq id={Number(location.query.get('id'))} />}
      </ResourceView>
    </div>
  );
}

function Faq({ id }: { id: number }) {
  const app = useApp();
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const faqs = app.config.config.value.faq_config ?? [];
  const faq = faqs.find((f) => f.id === id);
  if (!faq) return <NotFound text={t('quesDetail.notFound')} onBack={() => app.back()} />;

  const question = pickLocalized(faq.question, lang);
  const answer = pickRichText(faq.answer, lang);
  const others = faqs.filter((f) => f !== faq);
  return (
    <>
      <article className="ma-card ma-ques-detail" aria-labelledby="ma-ques-detail-question">
        <h2 id="ma-ques-detail-question" className="ma-ques-detail__question" lang={question.lang}>
          {question.text}
        </h2>
        <div lang={answer.lang}>
          <RichText html={answer.text} className="ma-ques-detail__answer" />
        </div>
        <CallToAction cta={faq.cta} className="ma-ques-detail__cta" />
      </article>
      {others.length > 0 && (
        <nav className="ma-card ma-ques-detail__more" aria-labelledby="ma-ques-detail-more">
          <h2 id="ma-ques-detail-more" className="ma-ques-detail__more-title">
            {t('quesDetail.more')}
          </h2>
          <ul className="ma-ques-detail__list">
            {others.map((f) => {
              const q = pickLocalized(f.question, lang);
              return (
                <li key={f.id}>
                  <button
                    type="button"
                    className="ma-ques-detail__link"
                    onClick={() => app.router.navigate(`/ad-center/ques-detail?id=${f.id}`)}
                  >
                    <span lang={q.lang}>{q.text}</span>
                    <Icon name="chevron" size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </>
  );
}
