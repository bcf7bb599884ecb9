export { OperatorConsole } from './console/OperatorConsole';
export { OperatorV2 } from './console/OperatorV2';
export { bindOrderEvents } from './data/order-events';
export { OrderFormPage } from './form/OrderFormPage';
export { OrdersListScreen } from './list/OrdersListScreen';
export { OrderTable } from './list/OrderTable';
export { useOrderPanel } from './panel/use-order-panel';
