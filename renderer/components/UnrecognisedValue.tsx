import { unrecognisedWords } from './unrecognised-words.ts';
import './unrecognised.css';

/**
 * A value the service sent from an open list that the console does not know: the value itself, as
 * received, inside the flag that says so. The console gives it no meaning; the service's back office
 * or its support can.
 */
export function UnrecognisedValue({ what, value, testId }: { what: string; value: string; testId?: string }) {
  return (
    <span className="unrecognised-value" title="Not a value this console knows; shown exactly as the service sent it" data-testid={testId}>
      {unrecognisedWords(what, value)}
    </span>
  );
}
