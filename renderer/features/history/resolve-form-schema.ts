import { z } from 'zod';
import { contract } from '../../../shared/ipc/contract.ts';

/** "Record what happened": the contract's own rules for journal.resolve, the note's messages included. */

export type ResolveValues = { state: '' | 'succeeded' | 'failed'; note: string };
export type ResolveOutput = { state: 'succeeded' | 'failed'; note: string };

const request = contract['journal.resolve'].request.shape;

export const resolveSchema = z.object({
  // The form starts with no choice (''), which the contract's enum refuses with this message.
  state: z.custom<ResolveValues['state']>().pipe(z.enum(request.state.options, { message: 'Choose what happened' })),
  note: request.note,
});

export const BLANK_RESOLVE: ResolveValues = { state: '', note: '' };
