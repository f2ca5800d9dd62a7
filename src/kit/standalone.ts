/**
 * Text made only of these code points is one grapheme per code unit: none of them
 * joins a neighbour (no combining marks, joiners, selectors, modifiers, regional
 * indicators, Hangul jamo or surrogates), so it is cut without the segmenter (~2 µs a
 * grapheme on Node 20). Latin, Greek, Cyrillic, punctuation, arrows, symbols, box
 * drawing, control pictures, kana, CJK, Hangul syllables and fullwidth forms; a test
 * checks the claim against the platform's segmenter.
 */
export const STANDALONE =
  /^[\x20-\x7e\u00a0-\u02ff\u0370-\u0482\u048a-\u052f\u2000-\u200b\u200e-\u20cf\u2100-\u2bff\u2e00-\u2e7f\u3000-\u3029\u3030-\u3098\u309b-\u30ff\u3100-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff01-\uff60\uffe0-\uffe6]*$/;

/**
 * STANDALONE text, and controls but CR (each its own grapheme; CR LF is one): what a
 * line of a frame holds, its colours' escape sequences included.
 */
export const ONE_GRAPHEME_EACH = new RegExp(STANDALONE.source.replace('^[', '^[\\x00-\\x0c\\x0e-\\x1f\\x7f'));
