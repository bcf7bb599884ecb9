export { ProductOverview } from './ProductOverview';
