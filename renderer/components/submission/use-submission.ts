import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/index.ts';
import { appErrorOf } from '../../bridge.ts';
import type { SubmissionDraft } from './submission-draft.ts';
import { DUPLICATE, submissionFailureOf } from './submission-failure.ts';
import { useSubmitOnce } from './use-submit-once.ts';

type Options<V extends FieldValues, R extends { foreign_id: string }, F extends FieldPath<V>, Made> = {
  form: UseFormReturn<V, unknown, R>;
  /** The screen's draft (createSubmissionDraft): where the values, the result and an unknown outcome are kept. */
  draft: SubmissionDraft<V, Made>;
  /** A service or router field name to the form's field, or null when the form has none. */
  fieldOf: (name: string) => F | null;
  /** Sends the checked request and answers what the service made (it may announce it). */
  make: (request: R) => Promise<Made>;
  /** The service's words for a refusal in the form's own (its labels' names for the fields); as they are by default. */
  words?: (message: string) => string;
};

/**
 * How a form that asks the service to make something (New invoice, Deposit address) sends: once per
 * click (useSubmitOnce); what is typed is kept when the screen is left; what the service made goes to
 * the draft; a failed send is settled by submissionFailureOf: an unknown outcome kept with its
 * foreign id, or a refusal on the fields it names, the first focused, the rest in the form's own
 * alert line ('root.server').
 */
export function useSubmission<V extends FieldValues, R extends { foreign_id: string }, F extends FieldPath<V>, Made>({
  form,
  draft,
  fieldOf,
  make,
  words = (message) => message,
}: Options<V, R, F, Made>) {
  const { keep, show, setUnknown } = draft;
  const intl = useIntl();
  useEffect(() => () => keep(form.getValues()), [form, keep]);

  const send = form.handleSubmit(async (request) => {
    try {
      show(await make(request));
    } catch (thrown) {
      const error = appErrorOf(thrown);
      const failure = submissionFailureOf(error, request.foreign_id, fieldOf, (message) => wordRule(intl, message));
      if (failure.kind === 'unknown') {
        setUnknown(failure.unknown);
        return;
      }
      if (failure.kind === 'duplicate') {
        const field = fieldOf('foreign_id');
        if (field) form.setError(field, { type: DUPLICATE, message: failure.message }, { shouldFocus: true });
        else form.setError('root.server', { type: DUPLICATE, message: failure.message });
        return;
      }
      failure.fields.forEach(([field, message], index) => form.setError(field, { type: 'server', message: words(message) }, { shouldFocus: index === 0 }));
      if (failure.general !== null) form.setError('root.server', { type: error.kind, message: words(failure.general) });
    }
  });
  return useSubmitOnce(send, () => setUnknown(null));
}
