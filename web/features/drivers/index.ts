// What other features may use of this one; web/app and web/pages import its screens directly.
export { BanControl } from './BanControl';
export { banUntilText, isBanned } from './ban-options';
export { DriverPickerModal } from './DriverPickerModal';
export { DriverSelect, driverLabel } from './DriverSelect';
export { DriversMap } from './DriversMap';
export { DriversOnMapPanel } from './DriversOnMapPanel';
export { driverKeys } from './driver-keys';
export { DriverOrderList } from './orders/DriverOrderList';
export { DriverReportLinks } from './reports/DriverReportLinks';
export { useDriverPositions } from './use-driver-positions';
export { USER_SEARCH_DEBOUNCE_MS, useDriverSearch } from './use-driver-search';
export { useMapZones } from './use-map-zones';
