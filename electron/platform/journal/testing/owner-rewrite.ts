import type pg from 'pg';

/**
 * A row written as an older app or another tool left it, which the journal's own rules
 * (schema/team-rules.ts) would refuse: its owner may set the rules aside, in one transaction, as
 * only an owner can (docs/security.md says so). Tests use it to make such rows.
 */
export async function rewriteAsOwner(ownerPool: pg.Pool, sql: string, params: unknown[] = []): Promise<void> {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE entries DISABLE TRIGGER entries_guard');
    await client.query(sql, params);
    await client.query('ALTER TABLE entries ENABLE TRIGGER entries_guard');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
