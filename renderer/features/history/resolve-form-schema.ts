import { z } from 'zod';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import { NOTE_MAX } from '../../../shared/ipc/capabilities/history.ts';
import { contract } from '../../../shared/ipc/contract.ts';

/** "Record what happened": the contract's own rules for journal.resolve, the note's messages included. */

export type ResolveValues = { state: '' | 'succeeded' | 'failed'; note: string };
export type ResolveOutput = { state: 'succeeded' | 'failed'; note: string };

const request = contract['journal.resolve'].request.shape;

export { NOTE_MAX };

export const resolveSchema = z.object({
  // The form starts with no choice (''), which the contract's enum refuses with the form's own rule.
  state: z.custom<ResolveValues['state']>().pipe(z.enum(request.state.options, { message: ruleMessage('history.resolve.choose') })),
  note: request.note,
});

export const BLANK_RESOLVE: ResolveValues = { state: '', note: '' };
