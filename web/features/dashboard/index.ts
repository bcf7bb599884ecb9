// What other features may use of this one; web/app and web/pages import its screens directly.
export { ReportIncidentModal } from './ReportIncidentModal';
export { canReportIncident } from './writers';
