import type { PaneAbout } from '../pane-about.js';

export const eventsAbout = {
  id: 'events',
  title: 'Events',
  about: 'every record in file order, skipped lines included',
  records: true,
} as const satisfies PaneAbout;
