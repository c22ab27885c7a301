import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { addMissingColumns, SCHEMA_SQL } from './schema.ts';

type SqlValue = null | number | bigint | string | Uint8Array;
export type Params = Record<string, SqlValue>;
export type Row = Record<string, SqlValue>;

/**
 * One SQLite connection (`node:sqlite`, synchronous) with a cache of prepared statements, so a request
 * never re-parses SQL. Every storage module goes through `get`/`all`/`run`; route handlers never see SQL.
 */
export class Store {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  constructor(path = ':memory:') {
    this.db = new DatabaseSync(path);
    this.db.exec('PRAGMA foreign_keys = ON');
    if (path !== ':memory:') this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    this.db.exec(SCHEMA_SQL);
    addMissingColumns(this.db);
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  get<T = Row>(sql: string, params: Params = {}): T | undefined {
    return this.statement(sql).get(params) as T | undefined;
  }

  all<T = Row>(sql: string, params: Params = {}): T[] {
    return this.statement(sql).all(params) as T[];
  }

  /** Runs a write and returns the new row id (for inserts) and the number of changed rows. */
  run(sql: string, params: Params = {}): { id: number; changes: number } {
    const result = this.statement(sql).run(params);
    return { id: Number(result.lastInsertRowid), changes: Number(result.changes) };
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * Runs `work` inside the request's transaction so that its writes are undone alone when it throws (a SQL
   * savepoint): one part of a request can fail while the rest is kept, as Django's nested `transaction.atomic()`.
   */
  atomically<T>(work: () => T): T {
    this.db.exec('SAVEPOINT atomic_part');
    try {
      const result = work();
      this.db.exec('RELEASE atomic_part');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK TO atomic_part');
      this.db.exec('RELEASE atomic_part');
      throw error;
    }
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

export const toBool = (value: unknown): boolean => value === 1 || value === 1n || value === true;
export const fromBool = (value: boolean): number => (value ? 1 : 0);

export function parseJson<T = unknown>(text: unknown, fallback: T): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const toJson = (value: unknown): string => JSON.stringify(value ?? null);

/** ISO 8601 with microseconds, like the real service's DRF output. Strictly increasing within a process. */
let lastTimestamp = 0;
export function nowIso(): string {
  let now = Date.now();
  if (now <= lastTimestamp) now = lastTimestamp + 1;
  lastTimestamp = now;
  return new Date(now).toISOString().replace('Z', '000Z');
}
