/**
 * How the flags list's `search` matches a flag (docs/rest-interface.md, "Endpoints"). A fact of the REST interface,
 * so it lives here, shared by both sides: the local upstream's list filter and the gateway's search over the
 * soft-deleted flags it adds to `featureFlags(includeDeleted: true)`.
 *
 * The search is trimmed; empty, it filters nothing. Otherwise it is one phrase, found in order within the key or
 * within the name, in any case, where each space also matches any run of whitespace, `-` and `_`, or nothing:
 * "web ana" finds `web-analytics`, `web_analytics` and `WebAnalytics`, but neither "analytics web" nor a key `web`
 * with a name `analytics`. Every other character is literal, a tab included.
 *
 * Written by hand rather than as a regular expression: the service's pattern puts a `[\s\-_]*` in each space, and a
 * backtracking engine given many of them (a search of `- - - - ...` against a long run of dashes) takes exponential
 * time. This simulates the same pattern as an automaton, in time proportional to the text times the phrase.
 */

/** The service refuses a longer search (counted in characters, as Python counts: code points). */
export const MAX_FLAG_SEARCH_LENGTH = 200;

/** The trimmed search when it is too long to be served, else null. */
export function flagSearchTooLong(search: string): boolean {
  return [...search.trim()].length > MAX_FLAG_SEARCH_LENGTH;
}

/** One step of the phrase: a literal character, or a gap (a space of the search) that absorbs separators. */
type Step = string | null;

const SEPARATOR = /^[\s\-_]$/u;

const sameLetter = (a: string, b: string) => a === b || a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase();

function stepsOf(phrase: string): Step[] {
  // Adjacent spaces give adjacent gaps, which match what one gap matches.
  const words = phrase.split(/ +/u);
  return words.flatMap((word, index) => (index === 0 ? [...word] : [null, ...word]));
}

/** Positions reachable from `states` without reading a character: a gap may match nothing. */
function closure(states: Set<number>, steps: Step[]): Set<number> {
  for (const state of states) if (state < steps.length && steps[state] === null) states.add(state + 1);
  return states;
}

function advance(states: Set<number>, steps: Step[], char: string): Set<number> {
  const next = new Set<number>();
  for (const state of states) {
    const step = steps[state];
    if (step === null) {
      if (SEPARATOR.test(char)) next.add(state);
    } else if (step !== undefined && sameLetter(step, char)) {
      next.add(state + 1);
    }
  }
  return next;
}

/** Whether the phrase occurs anywhere in `text`. */
function occursIn(steps: Step[], text: string): boolean {
  let states = closure(new Set([0]), steps);
  if (states.has(steps.length)) return true;
  for (const char of text) {
    states = closure(advance(states, steps, char).add(0), steps);
    if (states.has(steps.length)) return true;
  }
  return false;
}

/** A test of a flag's key and name for `search`; undefined when the search filters nothing. */
export function flagSearchMatcher(search: string | null | undefined): ((flag: { key: string; name?: string | null }) => boolean) | undefined {
  const phrase = search?.trim();
  if (!phrase) return undefined;
  const steps = stepsOf(phrase);
  return (flag) => occursIn(steps, flag.key) || occursIn(steps, flag.name ?? '');
}
