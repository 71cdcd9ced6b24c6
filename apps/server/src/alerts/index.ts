export { alertRoutes } from './routes';
export { alertEvent, type AlertContext, type AlertRow } from './alerts';
export { EscalationScheduler } from './escalation';
