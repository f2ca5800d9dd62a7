import { counted } from '../../../kit/units.js';
import { Lines } from '../../components/lines.js';
import type { ScreenLine } from '../../format/segments.js';
import { seg } from '../../format/segments.js';
import { keyOf } from '../../keymap.js';

export interface TurnsPaneProps {
  /** Laid-out lines of the visible turns (see panes/turns/turn-layout.ts). */
  lines: ScreenLine[];
  width: number;
  height: number;
  /** Echoed turns that are hidden, for the empty-state hint. */
  hiddenEchoed: number;
  /** What an empty pane says instead of the default (a filter that keeps no turn). */
  empty?: string;
}

/** `2` Turns: the conversation, block by block. */
export function TurnsPane({ lines, width, height, hiddenEchoed, empty }: TurnsPaneProps) {
  const shown = lines.length
    ? lines
    : [
        [
          seg(
            ` ${empty ?? `no turns in this trace (yet)${hiddenEchoed ? `; ${counted(hiddenEchoed, 'echoed resend')} hidden, ${keyOf('turns.echoed')} shows them` : ''}`}`,
            'dim',
          ),
        ],
      ];
  return <Lines lines={shown} width={width} height={height} />;
}
