/** Named styles; the theme decides what each looks like (colour is never the only signal). */
export type Style =
  | 'plain' | 'dim' | 'bold' | 'selected' | 'header' | 'tab' | 'tabActive'
  | 'ok' | 'error' | 'warn' | 'pending' | 'accent' | 'model' | 'role' | 'match'
  | 'jsonKey' | 'jsonString' | 'jsonNumber' | 'jsonLiteral' | 'jsonPunct';

export interface Segment {
  text: string;
  style?: Style;
}

/** One screen line: segments that together are at most the pane's width. */
export type ScreenLine = Segment[];

export const seg = (text: string, style?: Style): Segment => (style ? { text, style } : { text });

/** The plain text of a line (tests and width checks). */
export const lineText = (line: ScreenLine): string => line.map((s) => s.text).join('');
