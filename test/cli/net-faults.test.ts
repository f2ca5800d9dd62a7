import { describeNetFaults } from '../helpers/net-faults.js';

// A few network faults through the binary; every one: test/slow/net-faults.slow.test.ts.
describeNetFaults(false);
