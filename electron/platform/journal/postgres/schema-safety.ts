import pg from 'pg';

/**
 * Whether the team journal's schema is the owner's alone. PostgreSQL resolves a function or
 * operator by the best match of its argument types across every schema on the search path, so a
 * member who may create objects in the journal's schema can define, say,
 * `public.hashtextextended(text, integer)`, and a desktop's call that wrote `hashtextextended($1, 0)`
 * would run it, inside the desktop's transaction and as the desktop's role: for the journal's owner,
 * with the right to drop its indexes and grant itself anything. The console schema-qualifies and
 * casts the functions it calls and pins the search path (JOURNAL_SEARCH_PATH), and on top of that
 * refuses to work on a journal where it cannot hold: where any role but the owner may create
 * objects in its schema, or where an object in it belongs to someone else (one made before CREATE
 * was taken away). The words say what an administrator runs (team-journal-failures.ts).
 */

/** The journal's schema. The desktops connect with the search path pinned to it (pool-config.ts). */
export const JOURNAL_SCHEMA = 'public';

/**
 * The search path of every team journal connection, given as a startup option (which outranks any
 * ALTER ROLE or ALTER DATABASE setting). pg_catalog is searched first whenever it is not named; a
 * temporary schema, last, so no temporary table stands in for the journal's.
 */
export const JOURNAL_SEARCH_PATH_OPTION = `-c search_path=${JOURNAL_SCHEMA},pg_temp`;

export type ForeignObject = { kind: string; name: string; owner: string };

export class JournalSchemaUnsafe extends Error {
  override name = 'JournalSchemaUnsafe';
  readonly schema: string;
  /** Roles other than the owner that may create objects in the schema ('PUBLIC': every role). */
  readonly creators: readonly string[];
  /** Objects in the schema that belong to a role other than the owner. */
  readonly foreign: readonly ForeignObject[];

  constructor(schema: string, creators: readonly string[], foreign: readonly ForeignObject[]) {
    super(`Roles other than the team journal's owner may create objects in schema ${schema} (${creators.join(', ') || 'none'}), or own objects there (${foreign.length}).`);
    this.schema = schema;
    this.creators = creators;
    this.foreign = foreign;
  }

  /** What the database's administrator runs, as the owner or a superuser, to make the schema the owner's alone. */
  statements(): string[] {
    const schema = pg.escapeIdentifier(this.schema);
    const revokes = this.creators.map((role) => `REVOKE CREATE ON SCHEMA ${schema} FROM ${role === 'PUBLIC' ? 'PUBLIC' : pg.escapeIdentifier(role)}`);
    const drops = this.foreign.map((object) => `-- ${object.kind} ${schema}.${object.name} belongs to ${object.owner}: look at it, then drop it`);
    return [...revokes, ...drops];
  }
}

/**
 * Who the owner is: the entries table's owner, or, before the journal is made, the database's
 * owner (the one who may make it). Every role the owner inherits (pg_database_owner, which owns the
 * public schema since PostgreSQL 15, for one) counts as the owner; superusers may do anything anyway.
 */
const OWNER = `coalesce(
  (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.relname = 'entries' AND c.relnamespace = s.oid),
  (SELECT d.datdba FROM pg_catalog.pg_database d WHERE d.datname = pg_catalog.current_database()))`;

const CREATORS = `
  WITH s AS (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = $1::text), owner AS (SELECT ${OWNER} AS oid FROM s)
  SELECT r.rolname AS role
  FROM pg_catalog.pg_roles r, s, owner
  WHERE NOT r.rolsuper
    AND pg_catalog.has_schema_privilege(r.oid, s.oid, 'CREATE'::text)
    AND NOT pg_catalog.pg_has_role(owner.oid, r.oid, 'USAGE'::text)
  ORDER BY r.rolname`;

/** Whether CREATE is granted to PUBLIC itself, said as one grant rather than as every role. */
const PUBLIC_CREATE = `
  SELECT EXISTS (
    SELECT 1 FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
    WHERE n.nspname = $1::text AND a.grantee = 0 AND a.privilege_type = 'CREATE') AS public`;

const FOREIGN = `
  WITH s AS (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = $1::text), owner AS (SELECT ${OWNER} AS oid FROM s),
  objects AS (
    SELECT 'function' AS kind, p.proname::text || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' AS name, p.proowner AS owner
      FROM pg_catalog.pg_proc p, s WHERE p.pronamespace = s.oid
    UNION ALL SELECT 'operator', o.oprname::text, o.oprowner FROM pg_catalog.pg_operator o, s WHERE o.oprnamespace = s.oid
    UNION ALL SELECT 'relation', c.relname::text, c.relowner FROM pg_catalog.pg_class c, s WHERE c.relnamespace = s.oid
    UNION ALL SELECT 'type', t.typname::text, t.typowner FROM pg_catalog.pg_type t, s WHERE t.typnamespace = s.oid
    UNION ALL SELECT 'collation', l.collname::text, l.collowner FROM pg_catalog.pg_collation l, s WHERE l.collnamespace = s.oid
    UNION ALL SELECT 'conversion', v.conname::text, v.conowner FROM pg_catalog.pg_conversion v, s WHERE v.connamespace = s.oid
  )
  SELECT objects.kind, objects.name, r.rolname AS owner
  FROM objects JOIN pg_catalog.pg_roles r ON r.oid = objects.owner, owner
  WHERE NOT r.rolsuper AND NOT pg_catalog.pg_has_role(owner.oid, objects.owner, 'USAGE'::text)
  ORDER BY objects.kind, objects.name`;

/** Throws JournalSchemaUnsafe unless the journal's schema is the owner's alone. Reads the catalogs only. */
export async function checkJournalSchema(db: pg.Pool | pg.ClientBase, schema: string = JOURNAL_SCHEMA): Promise<void> {
  const [{ rows: creatorRows }, { rows: publicRows }, { rows: foreign }] = [
    await db.query<{ role: string }>(CREATORS, [schema]),
    await db.query<{ public: boolean }>(PUBLIC_CREATE, [schema]),
    await db.query<ForeignObject>(FOREIGN, [schema]),
  ];
  const granted = publicRows[0]?.public === true;
  // With CREATE granted to PUBLIC every role may create: that one grant is what to revoke.
  const creators = granted ? ['PUBLIC'] : creatorRows.map((r) => r.role);
  if (creators.length > 0 || foreign.length > 0) throw new JournalSchemaUnsafe(schema, creators, foreign);
}
