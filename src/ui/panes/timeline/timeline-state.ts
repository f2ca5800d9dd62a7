/** What the Timeline keeps of its own (`paneState.timeline`): its scale, or none while it fits the whole run. */
import type { UiState } from '../../state/ui-types.js';
import type { Scale } from './time-scale.js';

export interface TimelineState {
  /** Null: fitted to the whole run, growing with it (`--follow`); set by zooming or panning. */
  scale: Scale | null;
}

export const timelineState = (state: UiState): TimelineState =>
  (state.paneState.timeline as TimelineState | undefined) ?? { scale: null };
