import type { AppServices } from '../../../app/context';
import { createModel } from '../../../kit';
import { configPart } from '../../shared/config-part';

/**
 * The home's parts of basic config (the banners and the FAQs come in the same answer): a resource that joins the
 * app's load in flight, so the banners can hold their place while it runs and both parts can say when it failed.
 */
export const HomeContentModel = createModel((app: AppServices) => ({ config: configPart(app, 'banner_config') }));
