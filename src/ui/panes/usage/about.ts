import type { PaneAbout } from '../pane-about.js';

export const usageAbout = {
  id: 'usage',
  title: 'Usage',
  about: 'tokens, cost and latency per model, tool and method',
  records: false,
} as const satisfies PaneAbout;
