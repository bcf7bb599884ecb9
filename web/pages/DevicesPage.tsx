import { DeviceList } from '../features/devices/DeviceList';

/** /devices: the drivers' devices. */
export default function DevicesPage() {
  return <DeviceList />;
}
