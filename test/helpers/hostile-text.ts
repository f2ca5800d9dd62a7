/** Texts that have broken width code: runs of zero-width and combining characters, joined emoji, wide scripts. */
export const HOSTILE_TEXTS: Record<string, string> = {
  'zero-width run': '\u200b'.repeat(2000),
  'zero-width run between words': `abc${'\u200b'.repeat(2000)}def`,
  'combining run': `a${'\u0301'.repeat(2000)}`,
  'combining run mid-text': `xy${'a'}${'\u0301'.repeat(2000)}zz`,
  'combining marks with no base': '\u0301'.repeat(500),
  'emoji ZWJ families': '👨‍👩‍👧‍👦'.repeat(100),
  'skin tones and flags': '👍🏽🇺🇸🇫🇷👩🏽‍💻'.repeat(40),
  CJK: '日本語のテキスト'.repeat(50),
  'control pictures': '␛[31m␇␀␡'.repeat(100),
  'Hangul jamo': '\u1100\u1161\u11a8\u1100'.repeat(100),
  'mixed words': 'ab中👍🏽c\u0301 d 日本 résumé → ✓ '.repeat(40),
  'wide spaces': '中\u3000'.repeat(200),
};

/** The same kinds at a megabyte (a tool output that big is shown cut, never measured whole). */
export const HUGE_TEXTS: Record<string, string> = {
  'MB of ASCII then CJK': `${'x'.repeat(1 << 20)}中`,
  'MB of CJK': '中'.repeat(1 << 20),
  'MB of zero-width': '\u200b'.repeat(1 << 20),
  'MB of combining marks': `a${'\u0301'.repeat(1 << 20)}`,
  'MB of words': 'word 中文 '.repeat(1 << 17),
};
