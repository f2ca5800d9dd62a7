import type { PaneAbout } from '../pane-about.js';

export const callsAbout = {
  id: 'calls',
  title: 'Calls',
  about: 'every RPC call, both directions',
  records: true,
} as const satisfies PaneAbout;
