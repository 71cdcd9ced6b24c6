export { alertEvent, toAlerts, type AlertContext, type AlertRow } from './alert-rows';
export { EscalationScheduler } from './escalation';
export { acknowledgeAs, type AcknowledgeAs } from './acknowledge-as';
export { getAlert } from './get-alert';
