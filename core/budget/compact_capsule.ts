/**
 * The compact capsule: a capsule's meaning in at most N bytes of Markdown
 * with five fixed sections, always present and always in this order: Now,
 * Done since the last capsule, Open blockers, Next concrete step, Pointers.
 * The skeleton (the headings, the next step, then now) is reserved first;
 * only the bullet lists are fitted (core/budget/fit_sections.ts): long
 * bullets are clipped with an ellipsis, then bullets are given up, done
 * items first (the oldest record), then pointers, then blockers; what was given up is counted in its
 * section when room is left. Byte counts are of the UTF-8 encoding and no
 * cut splits a code point. Every string passes the inline renderer
 * (core/safety/render_safe.ts), so none can open a fence or forge a heading.
 * Pure.
 * @module
 */
import type { Capsule } from "../capsule/types.ts";
import { safeInline } from "../safety/render_safe.ts";
import { type FitSection, fitSections } from "./fit_sections.ts";
import { truncateUtf8 } from "./truncate.ts";
import { shortId } from "../capsule/capsule_id.ts";
import { shownPointers } from "../capsule/pointers.ts";

/** Default cap of a compact capsule, in bytes. */
export const DEFAULT_COMPACT_BYTES = 1500;
/** Smallest cap accepted: the five headings and 80 bytes of the next step. */
export const MIN_COMPACT_BYTES = 200;
/** Bytes of the next step always kept (when it is that long). */
export const NEXT_STEP_KEPT_BYTES = 80;

/** The five headings, in order. */
export const COMPACT_HEADINGS = [
  "## Now",
  "## Done since the last capsule",
  "## Open blockers",
  "## Next concrete step",
  "## Pointers",
] as const;

const enc = new TextEncoder();
const bytes = (s: string): number => enc.encode(s).length;

interface Part extends FitSection {
  heading: string;
  /** A paragraph that is part of the skeleton (now, next step). */
  body: string | null;
}

/** The compact capsule and what it gave up. */
export interface CompactCapsule {
  text: string;
  bytes: number;
  max_bytes: number;
  dropped: { section: string; count: number }[];
  truncated: { section: string; count: number }[];
}

function render(title: string | null, parts: readonly Part[]): string {
  const out: string[] = title === null ? [] : [title, ""];
  for (const p of parts) {
    out.push(p.heading);
    if (p.body !== null && p.body !== "") out.push(p.body);
    out.push(...p.items);
    out.push("");
  }
  return out.join("\n");
}

/**
 * One line of text that Markdown reads as plain text: inline-safe, no
 * leading blanks (an indented code block), and a leading character that
 * could open a heading, quote, list, fence, table or HTML block escaped
 * with a backslash.
 */
export function plainLine(text: string): string {
  const line = safeInline(text).trimStart();
  return /^[#>\-+*=~|`_\\<\[!]/.test(line) ? `\\${line}` : line;
}

/** The next concrete step: the next action, else the first next step. */
function nextStep(c: Capsule): string {
  const m = c.meaning;
  return plainLine(m.next_action?.text ?? m.next_steps[0]?.text ?? "");
}

/**
 * Renders the compact capsule within `maxBytes` (at least
 * {@linkcode MIN_COMPACT_BYTES}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compactCapsule } from "./compact_capsule.ts";
 * const claim = (text: string) => ({ text, provenance: "assistant", trust: "claimed", evidence_refs: [], captured_at: "t" });
 * const capsule = { id: "sha256:" + "ab".repeat(32), meaning: { now: "parser half done", completed: Array.from({ length: 50 }, (_, i) => claim(`item ${i}`)), decisions: [], verified_facts: [], hypotheses: [], blockers: [], next_steps: [], next_action: { ...claim("write the lexer tests"), command: null }, plan_changes: [], pointers: ["core/lexer.ts"], fold: false } } as never;
 * const out = compactCapsule(capsule, 300);
 * assert.ok(out.bytes <= 300);
 * assert.ok(out.text.includes("write the lexer tests"));
 * ```
 */
export function compactCapsule(
  capsule: Capsule,
  maxBytes: number,
  options: {
    /**
     * No key this machine trusts signed it: the title says so and the next
     * step (always kept) opens with `[untrusted]`, so a stranger's capsule
     * never reads as this machine's own. @default {false}
     */
    untrusted?: boolean;
  } = {},
): CompactCapsule {
  const max = Math.max(MIN_COMPACT_BYTES, maxBytes);
  const m = capsule.meaning;
  const parts: Part[] = [
    { key: "now", heading: COMPACT_HEADINGS[0], body: null, items: [] },
    {
      key: "done",
      heading: COMPACT_HEADINGS[1],
      body: null,
      items: m.completed.map((c) => `- ${plainLine(c.text)}`),
    },
    {
      key: "blockers",
      heading: COMPACT_HEADINGS[2],
      body: null,
      items: m.blockers.map((b) =>
        `- ${plainLine(b.text)}${b.question ? ` (question: ${safeInline(b.question)})` : ""}`
      ),
    },
    { key: "next", heading: COMPACT_HEADINGS[3], body: null, items: [] },
    {
      key: "pointers",
      heading: COMPACT_HEADINGS[4],
      body: null,
      // Only repository paths: a capsule from elsewhere may name any file on the machine.
      items: shownPointers(m.pointers).shown.map((p) => `- ${plainLine(p)}`),
    },
  ];
  const now = parts[0]!;
  const next = parts[3]!;
  // The skeleton first: headings, the next step, then now, each clipped to what is left.
  const bare = parts.map((p) => ({ ...p, items: [] }));
  const untrusted = options.untrusted === true;
  const title = `# baton capsule ${shortId(capsule.id)} (compact${
    untrusted ? "; not signed by a key this machine trusts: every line is its claim" : ""
  })`;
  const own = nextStep(capsule);
  const step = untrusted ? `[untrusted]${own === "" ? "" : ` ${own}`}` : own;
  const withTitle = bytes(render(title, bare)) + Math.min(bytes(step), NEXT_STEP_KEPT_BYTES + 4) <=
    max - 60;
  const head = withTitle ? title : null;
  let room = max - bytes(render(head, bare)) - 1; // the body's own line break
  next.body = truncateUtf8(step, room);
  room -= bytes(next.body) + (next.body === "" ? 0 : 1);
  now.body = room > 3 ? truncateUtf8(plainLine(m.now ?? ""), room - 1) : "";
  const truncated: CompactCapsule["truncated"] = [];
  if (next.body !== step) truncated.push({ section: "next", count: 1 });
  if (now.body !== plainLine(m.now ?? "")) truncated.push({ section: "now", count: 1 });
  const fitted = fitSections(parts, {
    max,
    measure: bytes,
    clip: truncateUtf8,
    dropOrder: ["done", "pointers", "blockers"],
    render: (s) => render(head, s),
    tail: () => [],
    preClip: 240,
    clipFrom: 240,
    clipMin: 30,
  });
  // Say what was given up, where there is room for it.
  const sections = fitted.sections;
  for (const d of fitted.dropped) {
    const s = sections.find((x) => x.key === d.section)!;
    const kept = [...s.items];
    let count = d.count;
    s.items.push(`- (${count} more not shown: baton show latest)`);
    // Room for the note is made by giving up one more item, at most twice.
    while (bytes(render(head, sections)) > max && s.items.length > 1 && count < d.count + 2) {
      s.items.splice(s.items.length - 2, 1);
      count++;
      s.items[s.items.length - 1] = `- (${count} more not shown: baton show latest)`;
    }
    if (bytes(render(head, sections)) > max) s.items = kept;
    else d.count = count;
  }
  const text = render(head, sections);
  return {
    text,
    bytes: bytes(text),
    max_bytes: max,
    dropped: fitted.dropped,
    truncated: [...truncated, ...fitted.truncated],
  };
}
