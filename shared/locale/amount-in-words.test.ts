import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it('reads the whole part as a number and every decimal digit one by one', () => {
    expect(amountInWords('1234.56', 'en')).toBe('one thousand two hundred thirty-four point five six');
    expect(amountInWords('1234.56', 'de-DE')).toBe('eintausendzweihundertvierunddreißig komma fünf sechs');
    expect(amountInWords('1234.56', 'fr')).toBe('mille deux cent trente-quatre virgule cinq six');
  });

  it('keeps leading and trailing zeros of the decimals, so 0.001 and 1.10 are said as written', () => {
    expect(amountInWords('0.001', 'en')).toBe('zero point zero zero one');
    expect(amountInWords('1.10', 'de')).toBe('eins komma eins null');
  });

  it('reads large amounts from the string, beyond what a float holds', () => {
    expect(amountInWords('9007199254740993', 'en')).toMatch(/ninety-three$/);
  });

  it('has words for Italian, Spanish and Polish, and reads other languages in English', () => {
    expect(amountInWords('2.5', 'it')).toBe('due virgola cinque');
    expect(amountInWords('2.5', 'es')).toBe('dos punto cinco');
    expect(amountInWords('2.5', 'pl')).toBe('dwa przecinek pięć');
    expect(amountInWords('2.5', 'nl')).toBe('two point five');
  });

  it('says minus, and gives no words for text that is not a decimal', () => {
    expect(amountInWords('-2', 'en')).toBe('minus two');
    expect(amountInWords('12,5', 'en')).toBeNull();
  });
});
