import { bucketHash } from './hash.ts';
import type { Variant } from './types.ts';

/** The flag's variants, or [] for a boolean flag. */
export function variantsOf(filters: Record<string, unknown>): Variant[] {
  const multivariate = filters.multivariate;
  if (typeof multivariate !== 'object' || multivariate === null) return [];
  const variants = (multivariate as { variants?: unknown }).variants;
  if (!Array.isArray(variants)) return [];
  return variants
    .filter((variant): variant is Record<string, unknown> => typeof variant === 'object' && variant !== null)
    .map((variant) => ({ key: String(variant.key), rollout_percentage: Number(variant.rollout_percentage ?? 0) }));
}

/** Variant whose cumulative range `[min, min + pct/100)` holds the identifier's variant hash; null if none. */
export function pickVariant(flagKey: string, identifier: string, variants: Variant[]): string | null {
  const hash = bucketHash(flagKey, identifier, 'variant');
  let rangeStart = 0;
  for (const variant of variants) {
    const rangeEnd = rangeStart + variant.rollout_percentage / 100;
    if (hash >= rangeStart && hash < rangeEnd) return variant.key;
    rangeStart = rangeEnd;
  }
  return null;
}
