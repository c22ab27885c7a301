// The README's own client snippets, read from README.md so that a README that stops working fails
// a test. A snippet is the fenced block that follows a `<!-- snippet:<name> ... -->` marker.
import { readFileSync } from 'node:fs';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

const README = new URL('../../README.md', import.meta.url);

/** The body of the fenced block after the README's `<!-- snippet:<name>` marker. */
export function readmeSnippet(name: string): string {
  const text = readFileSync(README, 'utf8');
  const marker = text.indexOf(`<!-- snippet:${name} `);
  if (marker < 0) throw new Error(`README.md has no snippet:${name} marker`);
  const block = /```[a-z]*\n([\s\S]*?)\n```/.exec(text.slice(marker));
  if (!block?.[1]) throw new Error(`README.md has no fenced block after snippet:${name}`);
  return block[1];
}

/**
 * Runs the README's `paging-client` snippet as written (its imports are the real @apollo/client
 * exports) and returns the `client` it builds, pointed at `url` instead of localhost:4000.
 */
export function readmeApolloClient(url: string, apiKey: string): ApolloClient {
  const body = readmeSnippet('paging-client')
    .split('\n')
    .filter((line) => !line.startsWith('import '))
    .join('\n');
  class TestHttpLink extends HttpLink {
    constructor(options: HttpLink.Options) {
      super({ ...options, uri: url });
    }
  }
  // The snippet is plain JavaScript with free variables; the README is ours, so evaluating it is safe.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const build = new Function('ApolloClient', 'HttpLink', 'InMemoryCache', 'relayStylePagination', 'apiKey', `${body}\nreturn client;`);
  return build(ApolloClient, TestHttpLink, InMemoryCache, relayStylePagination, apiKey) as ApolloClient;
}
