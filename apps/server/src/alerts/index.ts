export {
  addHistory,
  alertEvent,
  loadAlertContext,
  publishAlerts,
  toAlerts,
  type AlertContext,
  type AlertRow,
  type VisitInfo,
} from './alert-rows';
export { EscalationScheduler } from './escalation';
export { acknowledgeAs, type AcknowledgeAs } from './acknowledge-as';
export { assertAlertInScope, getAlert } from './get-alert';
