import {
  defaultSearchLimit,
  type SearchItem,
  type SearchType,
} from '@common/dispatch/search-method.schema';

/**
 * The step with another search type: its limit starts again at that type's default, so 50
 * drivers never become 50 metres (nor 3000 metres 3000 drivers).
 */
export const withSearchType = (item: SearchItem, type: SearchType): SearchItem =>
  type === item.search_type
    ? item
    : { ...item, search_type: type, search_limit: defaultSearchLimit(type) };
