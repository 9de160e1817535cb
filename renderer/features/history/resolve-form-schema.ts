import { z } from 'zod';
import type { MessageId } from '../../../shared/i18n/index.ts';
import { contract } from '../../../shared/ipc/contract.ts';

/** "Record what happened": the contract's own rules for journal.resolve, the note's messages included. */

export type ResolveValues = { state: '' | 'succeeded' | 'failed'; note: string };
export type ResolveOutput = { state: 'succeeded' | 'failed'; note: string };

const request = contract['journal.resolve'].request.shape;

/** The form's own message, an id worded where the field shows it (ResolveForm). */
export const CHOOSE_ID: MessageId = 'history.resolve.choose';

/** The contract's note messages (main says them too, as field errors), by the catalogue's id. */
export const NOTE_MESSAGES: Readonly<Record<string, MessageId>> = {
  'Say what you found': 'history.resolve.noteEmpty',
  'At most 500 characters': 'history.resolve.noteLong',
};

export const resolveSchema = z.object({
  // The form starts with no choice (''), which the contract's enum refuses with this message.
  state: z.custom<ResolveValues['state']>().pipe(z.enum(request.state.options, { message: CHOOSE_ID })),
  note: request.note,
});

export const BLANK_RESOLVE: ResolveValues = { state: '', note: '' };
