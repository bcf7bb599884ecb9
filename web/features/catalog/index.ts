export { useOrderOptions, useServices } from './use-catalog';
