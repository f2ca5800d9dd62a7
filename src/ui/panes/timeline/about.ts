import type { PaneAbout } from '../pane-about.js';

export const timelineAbout = {
  id: 'timeline',
  title: 'Timeline',
  about: 'turns and calls as bars on one time axis',
  records: true,
  keys: {
    'timeline.zoomIn': {
      keys: ['+', '='],
      description: 'Zoom in around the selected row',
      hint: 'zoom',
      category: 'View',
    },
    'timeline.zoomOut': { keys: ['-'], description: 'Zoom out', category: 'View' },
    'timeline.fit': { keys: ['0'], description: 'Fit the whole run on the axis', hint: 'fit', category: 'View' },
    'timeline.panLeft': { keys: ['left', 'H'], description: 'Move the axis earlier', category: 'View' },
    'timeline.panRight': { keys: ['right', 'L'], description: 'Move the axis later', hint: 'pan', category: 'View' },
  },
} as const satisfies PaneAbout;
