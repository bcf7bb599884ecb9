export { AddressSearch } from './AddressSearch';
export { ManualAddressModal } from './ManualAddressModal';
