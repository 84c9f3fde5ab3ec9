/**
 * Renders the draft's field reference (each field, its kind and its hint)
 * from the draft template, so the paste-only instructions and any other
 * document listing the fields cannot drift from what `baton preflight`
 * prints. Pure.
 * @module
 */
import { DRAFT_TEMPLATE } from "./draft_template.ts";

function kindOf(value: unknown): string {
  if (typeof value === "boolean") return "true or false";
  if (typeof value === "string") return "text";
  if (Array.isArray(value)) {
    const first = value[0];
    return typeof first === "object" && first !== null
      ? `list of objects with ${Object.keys(first).map((k) => `\`${k}\``).join(", ")}`
      : "list of text";
  }
  if (typeof value === "object" && value !== null) {
    return `object with ${Object.keys(value).map((k) => `\`${k}\``).join(", ")}`;
  }
  return "value";
}

function hintOf(value: unknown): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === "string") {
    return /^[\w./-]+\/[\w./-]+$/.test(v) ? `repository-relative paths, for example \`${v}\`` : v;
  }
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    const text = o.text ?? o.description;
    if (typeof text === "string") return text;
  }
  return typeof v === "boolean"
    ? "true ends this session at a checkpoint (finalize exits 10; continue in a fresh session); leave false unless the user asks for that"
    : "";
}

/**
 * The field list and the template as Markdown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const md = renderDraftReference();
 * assert.match(md, /^- `now` \(text\): /m);
 * assert.match(md, /^- `next_action` \(object with `description`, `command`\)/m);
 * ```
 */
export function renderDraftReference(): string {
  const lines = Object.entries(DRAFT_TEMPLATE).map(([key, value]) => {
    const hint = hintOf(value);
    return `- \`${key}\` (${kindOf(value)})${hint === "" ? "" : `: ${hint}`}`;
  });
  return [
    ...lines,
    "",
    "The same fields as a template (replace every hint, drop what you have nothing for):",
    "",
    "```json",
    JSON.stringify(DRAFT_TEMPLATE, null, 2),
    "```",
  ].join("\n");
}
