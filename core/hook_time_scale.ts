/**
 * BATON_HOOK_TIME_SCALE: every hook time budget (the capture and injection
 * hooks' and the mutation gate's) multiplied by one whole number, for a slow
 * or heavily loaded machine whose host allows hooks more time. Pure. On the
 * gate's path (every tool call), so its examples live in its test.
 * @module
 */

/** Largest BATON_HOOK_TIME_SCALE: a capture then has 60 s, what hosts give a hook by default. */
export const MAX_HOOK_TIME_SCALE = 30;

/**
 * The scale a BATON_HOOK_TIME_SCALE value sets: a whole number from 1 to
 * {@linkcode MAX_HOOK_TIME_SCALE}. Anything else (absent, not a whole number,
 * out of range) is 1: the budgets as documented.
 * @param value The variable's value, if set.
 * @returns The multiplier.
 */
export function hookTimeScale(value: string | undefined): number {
  if (value === undefined || !/^[1-9][0-9]?$/.test(value)) return 1;
  const n = Number(value);
  return n <= MAX_HOOK_TIME_SCALE ? n : 1;
}
