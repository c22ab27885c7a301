// The persisted-operation manifest written by @apollo/generate-persisted-query-manifest (the format
// Apollo Router and GraphOS read):
//   { "format": "apollo-persisted-query-manifest", "version": 1,
//     "operations": [{ "id": "<sha256 of body>", "name": "Flags", "type": "query", "body": "query Flags { ... }" }] }
import { readFileSync } from 'node:fs';

export interface ManifestOperation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

export interface PersistedQueryManifest {
  format: 'apollo-persisted-query-manifest';
  version: 1;
  operations: ManifestOperation[];
}

/** A manifest file that cannot be used; main.ts reports it as a configuration error. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** Reads and checks a manifest file; throws `ManifestError` saying what is wrong. */
export function readManifest(path: string): PersistedQueryManifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ManifestError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ManifestError(`${path} is not JSON`);
  }
  return checkManifest(parsed, path);
}

/** The manifest itself, checked field by field. */
export function checkManifest(value: unknown, source = 'the manifest'): PersistedQueryManifest {
  const manifest = value as Partial<PersistedQueryManifest> | null;
  if (manifest?.format !== 'apollo-persisted-query-manifest' || manifest.version !== 1 || !Array.isArray(manifest.operations)) {
    throw new ManifestError(`${source} is not an apollo-persisted-query-manifest of version 1`);
  }
  manifest.operations.forEach((operation, index) => {
    if (typeof operation?.id !== 'string' || operation.id === '' || typeof operation.body !== 'string' || operation.body === '') {
      throw new ManifestError(`${source}: operations[${index}] needs a non-empty string id and body`);
    }
  });
  return manifest as PersistedQueryManifest;
}
