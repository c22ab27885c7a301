/**
 * Semantic-version conditions as the service sizes them (blast radius, in HogQL): versions compare by their
 * numeric major.minor.patch; `~1.2.3` is >=1.2.3 <1.3.0, `^1.2.3` is >=1.2.3 <2.0.0 (`^0.2.3` <0.3.0, `^0.0.3`
 * <0.0.4) and `1.2.*` is >=1.2.0 <1.3.0. Flag evaluation itself never matches them (the service's matcher does not).
 */
type Version = [number, number, number];

/** `1`, `1.2`, `1.2.3`, `v1.2.3-beta` (pre-release and build ignored); null when not a version. */
export function parseVersion(value: unknown): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(String(value).trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(left: Version, right: Version): number {
  for (let index = 0; index < 3; index++) if (left[index] !== right[index]) return left[index]! - right[index]!;
  return 0;
}

/** [lower, upper) of a tilde, caret or wildcard range. */
function range(operator: string, text: string): [Version, Version] | null {
  if (operator === 'semver_wildcard') {
    const parts = text
      .replace(/[.*]+$/, '')
      .split('.')
      .map(Number);
    if (parts.some((part) => !Number.isInteger(part))) return null;
    const lower: Version = [parts[0] ?? 0, parts[1] ?? 0, 0];
    return [lower, parts.length >= 2 ? [lower[0], lower[1] + 1, 0] : [lower[0] + 1, 0, 0]];
  }
  const version = parseVersion(text);
  if (!version) return null;
  const [major, minor, patch] = version;
  if (operator === 'semver_tilde') return [version, [major, minor + 1, 0]];
  if (major > 0) return [version, [major + 1, 0, 0]];
  return [version, minor > 0 ? [0, minor + 1, 0] : [0, 0, patch + 1]];
}

export function matchSemver(operator: string, expected: unknown, actual: unknown): boolean {
  const value = parseVersion(actual);
  if (!value) return false;
  if (['semver_tilde', 'semver_caret', 'semver_wildcard'].includes(operator)) {
    const bounds = range(operator, String(expected));
    return bounds !== null && compare(value, bounds[0]) >= 0 && compare(value, bounds[1]) < 0;
  }
  const target = parseVersion(expected);
  if (!target) return false;
  const order = compare(value, target);
  const outcomes: Record<string, boolean> = {
    semver_eq: order === 0,
    semver_neq: order !== 0,
    semver_gt: order > 0,
    semver_gte: order >= 0,
    semver_lt: order < 0,
    semver_lte: order <= 0,
  };
  return outcomes[operator] ?? false;
}
