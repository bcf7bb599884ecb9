export { Dashboard } from './Dashboard';
export { ReportIncidentModal } from './ReportIncidentModal';
export { canReportIncident } from './writers';
