import { describeNetFaults } from '../helpers/net-faults.js';

// Every status, timeout and fault (npm test runs a few of them: test/cli/net-faults.test.ts).
describeNetFaults(true);
