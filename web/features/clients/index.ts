// What other features may use of this one; web/app and web/pages import its screens directly.
export { ClientHistoryModal } from './ClientHistoryModal';
export { ClientOrdersTable } from './ClientOrdersTable';
export { SavedAddressesMenu } from './SavedAddressesMenu';
export { useAddressesByPhone } from './use-address-history';
export { completePhone, useClientLookup } from './use-client-lookup';
