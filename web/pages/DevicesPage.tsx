import { DeviceList } from '../features/devices/DeviceList';

/** /devices (SPEC §2, issue #20): the drivers' devices. */
export default function DevicesPage() {
  return <DeviceList />;
}
