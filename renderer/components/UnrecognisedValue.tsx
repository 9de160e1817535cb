import { useIntl } from 'react-intl';
import { unrecognisedWords } from './unrecognised-words.ts';
import './unrecognised.css';

/**
 * A value the service sent from an open list that the console does not know: the value itself, as
 * received, inside the flag that says so. The console gives it no meaning; the service's back office
 * or its support can.
 */
export function UnrecognisedValue({ what, value, testId }: { what: string; value: string; testId?: string }) {
  const intl = useIntl();
  return (
    <span className="unrecognised-value" title={intl.formatMessage({ id: 'components.unrecognised.title' })} data-testid={testId}>
      {unrecognisedWords(what, value, intl)}
    </span>
  );
}
