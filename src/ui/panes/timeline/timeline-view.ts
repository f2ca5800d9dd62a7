import type { AppContext } from '../../views/app-context.js';
import { LIST_COMMANDS } from '../../views/lists.js';
import { act, type CommandSpec, type ViewSpec } from '../../views/view.js';
import { timelineAbout } from './about.js';
import { foldedTime } from './idle-gaps.js';
import { fitScale, panScale, type Scale, ZOOM_STEP, zoomScale } from './time-scale.js';
import { spanOf } from './timeline-data.js';
import { timelineColumns } from './timeline-layout.js';
import { runOf } from './timeline-run.js';
import { scaleOf } from './timeline-scale.js';
import type { TimelineState } from './timeline-state.js';

const noRun = (ctx: AppContext): string | null => (runOf(ctx.store, ctx.views.timeline) ? null : 'no times to draw');

/** A command that sets the scale from the one on screen. */
function scaled(
  command: CommandSpec<AppContext>['command'],
  next: (ctx: AppContext, scale: Scale, cols: number) => Scale | null,
): CommandSpec<AppContext> {
  return {
    command,
    disabled: noRun,
    run: (ctx) => {
      const run = runOf(ctx.store, ctx.views.timeline);
      const value: TimelineState = {
        scale: next(ctx, scaleOf(ctx.state, run, ctx.width), timelineColumns(ctx.width).bar),
      };
      return act(ctx, { type: 'pane.state', pane: 'timeline', value });
    },
  };
}

/** The selected row's start on the folded axis: what zooming keeps in place. */
function anchorOf(ctx: AppContext): number | null {
  const list = ctx.views.timeline;
  const at = ctx.state.lists.timeline.selected;
  const run = runOf(ctx.store, list);
  if (!run || at >= list.length) return null;
  const span = spanOf(ctx.store, list.at(at), run.end);
  return span && foldedTime(run.folds, span.from);
}

/** Zoomed out around the selected row, no further than the whole run fitted (null: fitted). */
function zoomedOut(ctx: AppContext, scale: Scale, cols: number): Scale | null {
  const run = runOf(ctx.store, ctx.views.timeline);
  const next = zoomScale(scale, 1 / ZOOM_STEP, anchorOf(ctx), cols);
  return run && next.msPerCol >= fitScale(run.foldedStart, run.foldedEnd, cols).msPerCol ? null : next;
}

/** Panned within the run: at its start or end, the scale stays as it is. */
function panned(ctx: AppContext, scale: Scale, direction: 1 | -1, cols: number): Scale {
  const run = runOf(ctx.store, ctx.views.timeline);
  return run ? panScale(scale, direction, cols, run.foldedStart, run.foldedEnd) : scale;
}

const TIMELINE_COMMANDS: CommandSpec<AppContext>[] = [
  scaled('timeline.zoomIn', (ctx, s, cols) => zoomScale(s, ZOOM_STEP, anchorOf(ctx), cols)),
  scaled('timeline.zoomOut', (ctx, s, cols) => zoomedOut(ctx, s, cols)),
  scaled('timeline.fit', () => null),
  scaled('timeline.panLeft', (ctx, s, cols) => panned(ctx, s, -1, cols)),
  scaled('timeline.panRight', (ctx, s, cols) => panned(ctx, s, 1, cols)),
];

/** Turns and calls as bars in time: a list, with zoom and pan. */
export const timelineView: ViewSpec<AppContext> = {
  id: timelineAbout.id,
  title: timelineAbout.title,
  commands: [...LIST_COMMANDS, ...TIMELINE_COMMANDS],
};
