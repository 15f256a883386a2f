import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../../app/context';
import { NotFound, ResourceView, useModel } from '../../../kit';
import { Skeleton } from '../../../ui/skeleton';
import type { ScreenProps } from '../../types';
import { ProductImage } from '../shared/PlanBits';
import { usePlanStyles } from '../shared/styles';
import { GoodsDetailModel } from './model';

/** The product a plan advertises (`?id=` the plan's), under the transparent header: its picture, name, price, description. */
export function GoodsDetail({ location }: ScreenProps) {
  const id = Number(location.query.get('id'));
  return <Goods key={id} id={id} />;
}

function Goods({ id }: { id: number }) {
  useSignals(); // formatMoney reads the currency signal
  const app = useApp();
  usePlanStyles(app);
  const { t, formatMoney } = app.i18n;
  const model = useModel(() => new GoodsDetailModel(app, id));
  return (
    <div className="ma-goods">
      <ResourceView
        resource={model.product}
        failed={t('goods.loadFailed')}
        skeleton={
          <>
            <div className="ma-goods__hero ma-hero" />
            <Skeleton className="ma-card" title rows={4} />
          </>
        }
      >
        {(p) =>
          p ? (
            <article aria-labelledby="ma-goods-name">
              <div className="ma-goods__hero ma-hero">
                <ProductImage product={p} className="ma-goods__image" />
              </div>
              <section className="ma-card ma-goods__body">
                <h2 id="ma-goods-name" className="ma-goods__name">
                  {p.name}
                </h2>
                <p className="ma-goods__price">
                  <span className="ma-goods__price-label">{t('goods.price')}</span>
                  <strong>{formatMoney(p.price)}</strong>
                </p>
                {p.description && <p className="ma-goods__description">{p.description}</p>}
              </section>
            </article>
          ) : (
            <div className="ma-page">
              <NotFound text={t('goods.notFound')} onBack={() => app.router.navigate('/plan')} />
            </div>
          )
        }
      </ResourceView>
    </div>
  );
}
