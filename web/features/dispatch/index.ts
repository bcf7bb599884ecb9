// What other features may use of this one; web/app and web/pages import its screens directly.
export { DispatchTraceView } from './DispatchTraceView';
export { dispatchKeys } from './dispatch-keys';
export { setLocatedDriver, useLocatedDriver } from './locate-driver';
export { SearchDriversList } from './SearchDriversList';
export { TraceDisclosure } from './TraceDisclosure';
export { formatDistance, methodText } from './trace-format';
export { useOrderSearch } from './use-order-search';
