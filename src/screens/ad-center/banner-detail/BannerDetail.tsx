import { useApp } from '../../../app/context';
import { NotFound, ResourceView, useModel } from '../../../kit';
import { RichText } from '../../../ui/rich-text';
import { Skeleton } from '../../../ui/skeleton';
import { CallToAction } from '../../shared/CallToAction';
import { pickLocalized, pickRichText } from '../../shared/localized';
import type { ScreenProps } from '../../types';
import { BannerDetailModel } from './model';
import { pageAddress } from '../../../lib/assets';
import { bannerImage } from './banner-image';

/**
 * A banner's page (`?id=`): its image (alt = its title), title, subtitle and rich-text content, in the merchant's
 * language or English, ending with its call to action when it has one (a screen of the app).
 */
export function BannerDetail({ location }: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const model = useModel(() => new BannerDetailModel(app));
  const skeleton = (
    <div className="ma-card ma-banner-detail">
      <div className="ma-banner-detail__media ma-banner-detail__media--loading" aria-hidden="true" />
      <Skeleton title rows={4} />
    </div>
  );
  return (
    <div className="ma-page">
      <ResourceView resource={model.config} failed={t('bannerDetail.loadFailed')} skeleton={skeleton}>
        {() => <Banner id={Number(location.query.get('id'))} />}
      </ResourceView>
    </div>
  );
}

function Banner({ id }: { id: number }) {
  const app = useApp();
  const t = app.i18n.t;
  const lang = app.i18n.lang.value;
  const banner = app.config.config.value.banner_config?.find((b) => b.id === id);
  if (!banner) return <NotFound text={t('bannerDetail.notFound')} onBack={() => app.back()} />;

  const title = pickLocalized(banner.title, lang);
  const subtitle = pickLocalized(banner.subtitle, lang);
  const content = pickRichText(banner.content, lang);
  const src = bannerImage(banner.image, pageAddress());
  return (
    <article className="ma-card ma-banner-detail" aria-labelledby="ma-banner-detail-title">
      {src && (
        <div className="ma-banner-detail__media">
          <img
            className="ma-banner-detail__image"
            src={src}
            alt={title.text}
            lang={title.lang}
            referrerPolicy="no-referrer"
          />
        </div>
      )}
      <div className="ma-banner-detail__body">
        <h2 id="ma-banner-detail-title" className="ma-banner-detail__title" lang={title.lang}>
          {title.text}
        </h2>
        {subtitle.text && (
          <p className="ma-banner-detail__subtitle" lang={subtitle.lang}>
            {subtitle.text}
          </p>
        )}
        <div lang={content.lang}>
          <RichText html={content.text} className="ma-banner-detail__content" />
        </div>
        <CallToAction cta={banner.cta} className="ma-banner-detail__cta" />
      </div>
    </article>
  );
}
