// Web/app and web/pages import its screens directly; other features use only these.
export { OrderFilterFields } from './search/OrderFilterFields';
export {
  EMPTY_FILTERS,
  type Filters as OrderFilters,
  filtersToQuery,
} from './search/orders-search-filters';
