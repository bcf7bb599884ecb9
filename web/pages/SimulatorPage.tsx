import { SimulatorScreen } from '../features/simulator/SimulatorScreen';

/** /simulator (Driver simulator): login required; drivers acted as through their contract. */
export default function SimulatorPage() {
  return <SimulatorScreen />;
}
