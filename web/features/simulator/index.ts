export { SimulatorScreen } from './SimulatorScreen';
