import { DeviceList } from '../features/devices';

/** /devices: the drivers' devices. */
export default function DevicesPage() {
  return <DeviceList />;
}
