import { z } from 'zod';
import { transaction, transactionLookupRequest, unreadableParts } from '../../api/index.ts';
import { journalId } from './common.ts';

/** Looking a transaction up, by id, foreign id or hash. */
export const transactionsChannels = {
  'transactions.lookup': {
    request: transactionLookupRequest,
    response: z.object({
      transaction,
      unreadable: unreadableParts,
      /** Places in transaction.transactions of the entries whose txid arrived as a JSON number (readTransactionAnswer). */
      numericTxids: z.array(z.number().int().min(0)),
      raw: z.string(),
      lookedUpAt: z.string(),
      /**
       * The lookup's journal entry; null while it is kept on this computer because the profile's
       * team journal could not take it: it gets its id there when it is uploaded.
       */
      journalId: journalId.nullable(),
    }),
  },
} as const;
