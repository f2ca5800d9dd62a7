import { parseWhen, UNIT } from '../../trace/filter.js';

/*
 * The line bar (`:`) given a time: the moment a person means by what they typed, read
 * the way the pane shows times. An offset names what the pane prints for it: `+6m10s`
 * is shown for anything from 6m09.5s (fmtOffset rounds), so it stands for that; but
 * typed finer than shown (`+10.001s`, where the pane says `+10.0s`), it is taken as typed.
 * With clock times shown (`T`), `14:00:05` is that UTC time of day, as the pane prints it
 * (the one within half a day after the trace's start).
 */

const DAY_MS = 86_400_000;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * Typed like a time of day (`17:30:00`) while the pane shows offsets: read as one
 * (+17h30m), which a short trace never reaches. The bar's "nothing at or after" then
 * says how it was read and that T makes it a time of day.
 */
export function readsAsTimeOfDay(text: string, clock: boolean): boolean {
  return !clock && TIME_OF_DAY.test(text);
}

/** Half the step an offset of this size is printed in (kit/units.ts fmtOffset): 0.001 s below 10 s, 0.1 s below a minute, then seconds. */
const shownHalfStep = (ms: number): number => (ms < 10_000 ? 0.5 : ms < 60_000 ? 50 : 500);

/** The precision of an offset as typed: its last figure's unit (`10.25s`: 10 ms; `01:30`: 1 s). */
function typedStep(text: string): number {
  const m = /(?:\.(\d+))?(ms|h|m|s)?$/.exec(text)!;
  return (m[2] ? UNIT[m[2]]! : 1000) / 10 ** (m[1]?.length ?? 0);
}

/**
 * The earliest moment (ms since the epoch) the bar's `text` lets a record be at, or null
 * when it is no time. `start`: the trace's start (null: untimed, so no offset reaches a
 * record); `clock`: the pane shows UTC times of day.
 */
export function momentTyped(text: string, start: number | null, clock: boolean): number | null {
  const day = clock ? TIME_OF_DAY.exec(text) : null;
  if (day) {
    const [h, m, s] = [Number(day[1]), Number(day[2]), Number(day[3] ?? 0)];
    if (h > 23 || m > 59 || s > 59) return null;
    if (start === null) return Number.NaN;
    const ofDay = ((h * 60 + m) * 60 + s) * 1000 + Number((day[4] ?? '').padEnd(3, '0'));
    // That time on the trace's first day, or the next when it is over half a day before
    // the start (a trace from 23:50: 23:40 is before it, 00:05 after midnight). The pane
    // cuts a time to the millisecond: typed as shown, it is the moment.
    const first = Math.floor(start / DAY_MS) * DAY_MS + ofDay;
    return first < start - DAY_MS / 2 ? first + DAY_MS : first;
  }
  const when = parseWhen(text);
  if (when === null) return null;
  if ('epochMs' in when) return when.epochMs;
  if (start === null) return Number.NaN;
  const half = Math.min(shownHalfStep(Math.abs(when.offsetMs)), typedStep(text) / 2);
  return start + when.offsetMs - half;
}
