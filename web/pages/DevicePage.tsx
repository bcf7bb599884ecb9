import { useParams } from 'react-router';
import { DeviceEditor } from '../features/devices/DeviceForm';
import NotFoundPage from './NotFoundPage';

/** /device/{id}: edit a device; 0 creates one. */
export default function DevicePage() {
  const { id } = useParams();
  const deviceId = Number(id);
  if (!Number.isInteger(deviceId) || deviceId < 0) return <NotFoundPage />;
  return <DeviceEditor key={deviceId} id={deviceId} />;
}
