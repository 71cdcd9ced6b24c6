// Issue 18: the reports' rules (missing-tag period, disconnected threshold, urgency labels of the
// report screens). Written by the reports helper; table tests in rules.test.ts.
export {};
