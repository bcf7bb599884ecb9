export { PendingCallsBar } from './bar/PendingCallsBar';
export { CallOptionsPopover } from './CallOptionsPopover';
export { DispatcherEvents } from './events/DispatcherEvents';
export { MissedCallsButton } from './missed/MissedCallsButton';
export { SoftphoneHost } from './shell/SoftphoneHost';
export { useOrderCallLines } from './use-order-call-lines';
