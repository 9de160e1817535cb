import type pg from 'pg';

/**
 * `work` on one connection of the pool, in one transaction: committed when it resolves, rolled
 * back when it throws. A connection whose rollback failed is not handed to the next caller.
 */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
    throw error;
  } finally {
    client.release(broken);
  }
}
