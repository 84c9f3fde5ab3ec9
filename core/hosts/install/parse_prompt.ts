/**
 * Parses a canonical command prompt: a front matter block with one
 * `description:` line, then the Markdown body. Pure.
 * @module
 */
import type { PromptSource } from "./types.ts";

/**
 * Parses one prompt file.
 *
 * @param name The command name (file stem).
 * @param text The file text.
 * @returns The prompt.
 * @throws {SyntaxError} when the front matter or its description is missing.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const p = parsePromptSource("x", "---\ndescription: Do it\n---\nBody\n");
 * assert.deepEqual(p, { name: "x", description: "Do it", body: "Body" });
 * ```
 */
export function parsePromptSource(name: string, text: string): PromptSource {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  const description = m?.[1]?.split(/\r?\n/).find((l) => l.startsWith("description:"))
    ?.slice("description:".length).trim();
  if (m === null || description === undefined || description === "") {
    throw new SyntaxError(
      `Cannot parse prompt "${name}": expected front matter with a description`,
    );
  }
  return { name, description, body: m[2]!.trim() };
}
