import { SimulatorScreen } from '../features/simulator/SimulatorScreen';

/** /simulator (SPEC §2 Driver simulator): login required; drivers acted as through their contract. */
export default function SimulatorPage() {
  return <SimulatorScreen />;
}
