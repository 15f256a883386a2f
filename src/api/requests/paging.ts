/** The paging fields every paged list accepts: `page` from 1, at most PAGE_SIZE_MAX rows a page. */
import { PAGE_SIZE_MAX } from '../shapes/page';
import { opt } from '../schema/choice';
import { int } from '../schema/numbers';

export const paging = { page: opt(int({ min: 1, max: 100000 })), page_size: opt(int({ min: 1, max: PAGE_SIZE_MAX })) };
