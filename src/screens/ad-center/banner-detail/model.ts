import type { AppServices } from '../../../app/context';
import { createModel } from '../../../kit';
import { configPart } from '../../shared/config-part';

/** A banner's page: the banners arrive with basic config, which a first visit may come before (see configPart). */
export const BannerDetailModel = createModel((app: AppServices) => ({ config: configPart(app, 'banner_config') }));
