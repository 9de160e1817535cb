import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/**
 * The pseudo-locale (en-XA): every English message with its letters accented and about 40% longer,
 * between brackets, its ICU arguments, plurals, selects and tags untouched. A screen in it shows at
 * once a text that is not from the catalogues (plain English), one cut off (a missing bracket) and
 * one laid out only for English's length.
 */

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** How much longer a pseudo text is than its English: German and French run 30 to 40% longer. */
export const PSEUDO_GROWTH = 0.4;

function accent(text: string): string {
  return [...text].map((c) => ACCENTED[c] ?? c).join('');
}

/** The elements with every literal text accented; `letters` counts the text's characters. */
function transform(elements: MessageFormatElement[], letters: { count: number }): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        letters.count += [...element.value].length;
        return { ...element, value: accent(element.value) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: transform(option.value, letters) }])),
        };
      case TYPE.tag:
        return { ...element, children: transform(element.children, letters) };
      default:
        return element;
    }
  });
}

/**
 * One message in the pseudo-locale: "[Ţŕáñšáçţíóñš~~~~~]", accented, lengthened with tildes by
 * PSEUDO_GROWTH of its text, with `{id}` and the rest of ICU kept as they are.
 */
export function pseudoMessage(message: string): string {
  const letters = { count: 0 };
  const accented = printAST(transform(parse(message), letters));
  return `[${accented}${'~'.repeat(Math.ceil(letters.count * PSEUDO_GROWTH))}]`;
}

export function pseudoCatalogue<K extends string>(source: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(source).map(([key, message]) => [key, pseudoMessage(message)])) as Record<K, string>;
}
