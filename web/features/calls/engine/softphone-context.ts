import { createContext, useContext } from 'react';
import { softphone } from './instance';
import type { Softphone } from './softphone';

/**
 * The softphone the components talk to: the console's one instance, or a test's own (driven
 * by a fake JsSIP emitter).
 */
export const SoftphoneContext = createContext<Softphone>(softphone);

export const useSoftphoneInstance = (): Softphone => useContext(SoftphoneContext);
