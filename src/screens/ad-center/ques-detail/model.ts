import type { AppServices } from '../../../app/context';
import { createModel } from '../../../kit';
import { configPart } from '../../shared/config-part';

/** One FAQ: the FAQs arrive with basic config, which a first visit may come before (see configPart). */
export const QuesDetailModel = createModel((app: AppServices) => ({ config: configPart(app, 'faq_config') }));
