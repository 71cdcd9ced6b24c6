export { VisitOverdueSweeper, raiseOverdueVisits } from './overdue';
