export { CarEditScreen } from './CarEditScreen';
export { CarsList } from './CarsList';
export { DriverCarCard } from './DriverCarCard';
