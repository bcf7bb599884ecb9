export { DeviceEditor } from './DeviceForm';
export { DeviceList } from './DeviceList';
