export { BlockedPhonesModal } from './BlockedPhonesModal';
export { BlockPhoneModal } from './BlockPhoneModal';
