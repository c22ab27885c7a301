// The client-shaped documents: what Apollo Client 4 and relay-compiler emit for the benchmark's
// reads (one project, the 50-flag list, the N+1 trap), as the client tests recorded them
// (test/clients/apollo-client.test.ts, test/clients/relay/relay-runtime.test.ts). Never written by
// hand: those tests fail when a file differs from what the tools emit today, and rewrite it with `-u`.
import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

/** One request body as the client sent it. */
export interface ClientDocument {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  /** Apollo Client sends its name and version here; Relay sends none. */
  extensions?: Record<string, unknown>;
}

export interface ClientDocumentFile {
  /** The tool (and version) that produced the documents, and how they were recorded. */
  producedBy: string;
  /** The command that rewrites the file from the tool's output. */
  regenerate: string;
  documents: ClientDocument[];
}

/** The recorded files, by tool. */
export const CLIENT_DOCUMENT_FILES = {
  apollo: new URL('./client-documents/apollo-client.json', import.meta.url),
  relay: new URL('./client-documents/relay.json', import.meta.url),
} as const;

export type ClientTool = keyof typeof CLIENT_DOCUMENT_FILES;

export function clientDocuments(tool: ClientTool): ClientDocumentFile {
  return JSON.parse(readFileSync(CLIENT_DOCUMENT_FILES[tool], 'utf8')) as ClientDocumentFile;
}

/** One recorded document by operation name; throws when the file has none of that name. */
export function clientDocument(tool: ClientTool, operationName: string): ClientDocument {
  const found = clientDocuments(tool).documents.find((document) => document.operationName === operationName);
  if (!found) throw new Error(`${CLIENT_DOCUMENT_FILES[tool].pathname} has no ${operationName} (regenerate it: see its "regenerate")`);
  return found;
}

/** A file's text as the repository's Prettier formats JSON (so it passes `npm run format:check`). */
export async function clientDocumentText(tool: ClientTool, file: ClientDocumentFile): Promise<string> {
  const path = CLIENT_DOCUMENT_FILES[tool].pathname;
  return format(JSON.stringify(file, null, 2), { ...(await resolveConfig(path)), filepath: path });
}
