import { z } from 'zod';

/** Shapes several capabilities' channels share. */

export const empty = z.object({}).strict();
export const profileId = z.object({ id: z.string().min(1) }).strict();
export const entryId = z.object({ id: z.number().int().min(1) }).strict();
/** Where a file went: null when the person cancelled the save dialog. */
export const savedFile = z.object({ path: z.string().nullable() });
/** The journal entry written for a call (a submission is written pending first, then settled). */
export const journalId = z.number().int();
