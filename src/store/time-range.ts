// The range of times a latency and the time axis believe (time-axis.ts says why).

export { AXIS_HALF_SPAN_MS, DATE_LIMIT_MS, isDateMs } from '../kit/dates.js';
