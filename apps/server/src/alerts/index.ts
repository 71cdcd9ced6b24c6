export { alertEvent, type AlertContext, type AlertRow } from './alerts';
export { EscalationScheduler } from './escalation';
