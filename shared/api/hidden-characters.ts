/**
 * Characters that change how text reads without being seen: controls (a newline starts a line the
 * reader takes for the app's own), bidirectional and other format characters (U+202E shows
 * "exe.txt" for "txt.exe"), line and paragraph separators, lone surrogates, and the characters
 * Unicode says to draw as nothing. Text a person is asked to check must show none of them.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

export const hasHiddenCharacters = (text: string): boolean => HIDDEN.test(text);

/** The text with each hidden character written out as \u{202E}, so what is shown reads as what is sent. */
export const showHiddenCharacters = (text: string): string =>
  text.replace(HIDDEN_ALL, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`);
