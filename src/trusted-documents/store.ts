// Trusted documents, looked up by manifest id or by the SHA-256 of a document's text. The entries sit
// in a KeyValueCache (Apollo's cache interface), in memory by default, so a shared cache (Redis) can
// hold them for every gateway process instead.
import { createHash } from 'node:crypto';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { PersistedQueryManifest } from './manifest.ts';

export type TrustedDocumentsMode = 'off' | 'log' | 'enforce';

export const TRUSTED_DOCUMENTS_MODES: readonly TrustedDocumentsMode[] = ['off', 'log', 'enforce'];

/** SHA-256 of a document's text, in hex (the id generate-persisted-query-manifest gives by default). */
export function documentHash(body: string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** A KeyValueCache that never evicts: a trusted document must not become unknown under memory pressure. */
export class MapKeyValueCache implements KeyValueCache<string> {
  private readonly entries = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }
  async set(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
  }
  async delete(key: string): Promise<boolean> {
    return this.entries.delete(key);
  }
}

const ID_PREFIX = 'trusted-document:id:';
const HASH_PREFIX = 'trusted-document:sha256:';

export class TrustedDocumentStore {
  private readonly cache: KeyValueCache<string>;

  constructor(cache: KeyValueCache<string> = new MapKeyValueCache()) {
    this.cache = cache;
  }

  /** Adds every operation of the manifest (ids and document hashes). */
  async load(manifest: PersistedQueryManifest): Promise<void> {
    await Promise.all(
      manifest.operations.flatMap((operation) => [
        this.cache.set(ID_PREFIX + operation.id, operation.body),
        this.cache.set(HASH_PREFIX + documentHash(operation.body), operation.id),
      ]),
    );
  }

  /** The document a manifest id stands for, or undefined. */
  documentFor(id: string): Promise<string | undefined> {
    return this.cache.get(ID_PREFIX + id);
  }

  /** True when this exact document text is in the manifest. */
  async isTrusted(body: string): Promise<boolean> {
    return (await this.cache.get(HASH_PREFIX + documentHash(body))) !== undefined;
  }
}

export interface TrustedDocuments {
  store: TrustedDocumentStore;
  mode: TrustedDocumentsMode;
}
