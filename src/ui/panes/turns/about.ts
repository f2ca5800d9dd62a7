import type { PaneAbout } from '../pane-about.js';

export const turnsAbout = {
  id: 'turns',
  title: 'Turns',
  about: 'the LLM conversation',
  records: true,
} as const satisfies PaneAbout;
