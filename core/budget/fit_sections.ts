/**
 * The one budgeter for rendered documents made of sections of lines: the
 * briefing (a character budget) and the compact capsule (a hard byte cap)
 * both fit through it. The caller says how text is measured and clipped,
 * how sections render, and in which order items are given up; the fitter:
 *
 * 1. optionally clips every droppable line to `preClip` first;
 * 2. drops items from the end of each section in `dropOrder`, one section
 *    after another, until the document fits;
 * 3. clips every line to a limit that halves from `clipFrom` down to
 *    `clipMin` until it fits;
 * 4. as a last resort clips the whole text.
 *
 * Every removal and shortening is counted per section, and the caller's
 * `tail` may list them inside the document itself. Pure.
 * @module
 */

/** One section. */
export interface FitSection {
  key: string;
  /** Lines; only these are dropped or clipped. */
  items: string[];
}

/** How to measure, clip and render. */
export interface FitOptions<S extends FitSection> {
  /** The budget, in the unit `measure` counts. */
  max: number;
  measure: (text: string) => number;
  /** Shortens `text` to at most `max` units, marking the cut. */
  clip: (text: string, max: number) => string;
  /** Section keys in the order their items are given up. */
  dropOrder: readonly string[];
  /** The whole document for the current sections and tail. */
  render: (sections: readonly S[], tail: string[]) => string;
  /** Lines listing the losses; () => [] for none. */
  tail: (dropped: FitCount[], truncated: FitCount[]) => string[];
  /** Clip limits halve from this. @default {1000} */
  clipFrom?: number;
  /** ...down to no lower than this. @default {60} */
  clipMin?: number;
  /** Clip items of the droppable sections to this before dropping any. @default {no pre-clip} */
  preClip?: number;
}

/** Items dropped or shortened in one section. */
export interface FitCount {
  section: string;
  count: number;
}

/** The fitted document. */
export interface Fitted<S extends FitSection> {
  text: string;
  sections: S[];
  dropped: FitCount[];
  truncated: FitCount[];
}

function bump(list: FitCount[], section: string, by: number): void {
  const entry = list.find((t) => t.section === section);
  if (entry) entry.count += by;
  else list.push({ section, count: by });
}

/**
 * Fits sections into the budget.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitSections } from "./fit_sections.ts";
 * const out = fitSections([{ key: "a", items: ["one", "two", "three"] }], {
 *   max: 8, measure: (t) => t.length, clip: (t, n) => t.slice(0, n), dropOrder: ["a"],
 *   render: (s) => s.flatMap((x) => x.items).join("\n"), tail: () => [],
 * });
 * assert.equal(out.text, "one\ntwo");
 * assert.deepEqual(out.dropped, [{ section: "a", count: 1 }]);
 * ```
 */
export function fitSections<S extends FitSection>(
  input: readonly S[],
  o: FitOptions<S>,
): Fitted<S> {
  const sections = input.map((s) => ({ ...s, items: [...s.items] }));
  const dropped: FitCount[] = [];
  const truncated: FitCount[] = [];
  const render = () => o.render(sections, o.tail(dropped, truncated));
  const size = () => o.measure(render());
  const clipAll = (limit: number, only: ReadonlySet<string> | null) => {
    for (const s of sections) {
      if (only !== null && !only.has(s.key)) continue;
      let count = 0;
      s.items = s.items.map((line) => {
        const cut = o.clip(line, limit);
        if (cut !== line) count++;
        return cut;
      });
      if (count > 0) bump(truncated, s.key, count);
    }
  };
  if (o.preClip !== undefined && size() > o.max) clipAll(o.preClip, new Set(o.dropOrder));
  for (const key of o.dropOrder) {
    const s = sections.find((x) => x.key === key);
    if (s === undefined) continue;
    let count = 0;
    while (s.items.length > 0 && size() > o.max) {
      s.items.pop();
      count++;
      const entry = dropped.find((d) => d.section === key);
      if (entry) entry.count = count;
      else dropped.push({ section: key, count });
    }
    if (size() <= o.max) break;
  }
  const min = o.clipMin ?? 60;
  for (
    let limit = o.clipFrom ?? 1000;
    size() > o.max && limit >= min;
    limit = Math.floor(limit / 2)
  ) {
    clipAll(limit, null);
  }
  let text = render();
  if (o.measure(text) > o.max) text = o.clip(text, o.max);
  return { text, sections, dropped, truncated };
}
