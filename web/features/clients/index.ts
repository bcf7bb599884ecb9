export { ClientHistoryModal } from './ClientHistoryModal';
export { ClientOrdersTable } from './ClientOrdersTable';
export { SavedAddressesMenu } from './SavedAddressesMenu';
