/** One page of a list the server pages: `page` counts from 1, `total` is every row there is. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}
/** The most rows one page may ask for. */
export const PAGE_SIZE_MAX = 50;
