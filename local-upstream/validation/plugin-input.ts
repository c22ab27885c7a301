import { createHash } from 'node:crypto';
import { validationError } from '../http/errors.ts';
import { validateFields, type FieldSpecs } from './fields.ts';

export const PLUGIN_TYPES = ['local', 'custom', 'repository', 'source'] as const;

/** Request fields for create/update (docs/rest-interface.md, "Plugin"), plus `url` on create. */
const PLUGIN_FIELDS: FieldSpecs = {
  plugin_type: { kind: 'choice', choices: PLUGIN_TYPES },
  name: { kind: 'string', maxLength: 200, allowNull: true },
  description: { kind: 'string', allowBlank: true, allowNull: true },
  url: { kind: 'string', maxLength: 800, allowBlank: true, allowNull: true },
  icon: { kind: 'string', maxLength: 800, allowBlank: true, allowNull: true },
  config_schema: { kind: 'json' },
  tag: { kind: 'string', maxLength: 200, allowBlank: true, allowNull: true },
  is_global: { kind: 'boolean' },
  capabilities: { kind: 'json' },
  metrics: { kind: 'json', allowNull: true },
  public_jobs: { kind: 'json', allowNull: true },
};

/** Nullable in the real model, but stored as text here: null is kept as an empty string. */
const TEXT_COLUMNS = ['name', 'description'];

export function validatePluginInput(body: Record<string, unknown>, isCreate: boolean): Record<string, unknown> {
  const specs = { ...PLUGIN_FIELDS };
  if (!isCreate) delete specs.url;
  const clean = validateFields(body, specs);
  for (const column of TEXT_COLUMNS) if (clean[column] === null) clean[column] = '';
  return clean;
}

export interface ParsedPluginUrl {
  name: string;
  tag: string | null;
  type: 'custom' | 'local';
  /** The URL the service stores: the repository or package root, without the ref; GitLab and npm keep `?private_token=`. */
  rootUrl: string;
}

const GITHUB = /^https?:\/\/(?:www\.)?github\.com\/([^/\s]+)\/([^/?#\s]+?)(?:\.git)?(?:\/(?:tree|commit|releases\/tag)\/([^/?#\s]+))?\/?$/;
const GITLAB = /^https?:\/\/(?:www\.)?gitlab\.com\/((?:[^/\s]+\/)+?)([^/?#\s]+?)(?:\/-\/(?:tree|commit)\/([^/?#\s]+))?\/?$/;
const NPM = /^https?:\/\/(?:www\.)?npmjs\.com\/package\/((?:@[^/\s]+\/)?[^/?#\s]+?)(?:\/v\/([^/?#\s]+))?\/?$/;

/**
 * The real service downloads the plugin from its URL; the local upstream cannot, so it checks the URL's form
 * with the same message and takes the name (and any pinned ref) from the URL.
 */
export function parsePluginUrl(url: string): ParsedPluginUrl {
  if (url.startsWith('file:')) {
    const name = url.replace(/\/+$/, '').split('/').pop() ?? '';
    if (name) return { name, tag: null, type: 'local', rootUrl: url };
  }
  const [address = '', query = ''] = url.split('?');
  const token = new URLSearchParams(query).get('private_token');
  const withToken = token ? `?private_token=${token}` : '';
  const github = GITHUB.exec(address);
  if (github) return { name: github[2]!, tag: github[3] ?? null, type: 'custom', rootUrl: `https://github.com/${github[1]}/${github[2]}` };
  const gitlab = GITLAB.exec(address);
  if (gitlab) return { name: gitlab[2]!, tag: gitlab[3] ?? null, type: 'custom', rootUrl: `https://gitlab.com/${gitlab[1]}${gitlab[2]}${withToken}` };
  const npm = NPM.exec(address);
  if (npm) return { name: npm[1]!, tag: npm[2] ?? null, type: 'custom', rootUrl: `https://www.npmjs.com/package/${npm[1]}${withToken}` };
  throw validationError('Must be a GitHub/GitLab repository or a npm package URL!', null);
}

/** The "latest version" of a URL, without a network: a stable commit-like hash of it. */
export function latestTagOf(url: string): string {
  return createHash('sha1').update(url).digest('hex');
}
