export { alertEvent, toAlerts, type AlertContext, type AlertRow } from './alert-rows';
export { EscalationScheduler } from './escalation';
