/**
 * Generates the README's command reference and exit-code table from the
 * command table, and the paste-only instructions' field list from the draft
 * template (`deno task gen`); with --check it only reports staleness and
 * exits 1 (part of `deno task check` and the test suite).
 * @module
 */
import { loadCommands } from "../../commands/mod.ts";
import { renderDraftReference } from "../../core/capsule/render_draft_reference.ts";
import { renderHelp } from "../../commands/_command.ts";
import { EXIT } from "../../core/errors.ts";

const COMMANDS = await loadCommands();

/** Generated blocks: marker name -> content. */
export function generatedBlocks(): Record<string, string> {
  const commands = COMMANDS.filter((c) => !c.hidden).map((c) =>
    [
      `### \`baton ${c.name}\``,
      "",
      c.summary + ".",
      "",
      "```text",
      renderHelp(c).trimEnd(),
      "```",
      "",
    ].join("\n")
  ).join("\n");
  const exits = [
    "| status | meaning |",
    "| --- | --- |",
    ...Object.values(EXIT).map((e) => `| ${e.code} | ${e.meaning} |`),
    "",
  ].join("\n");
  return { commands, "exit-codes": exits };
}

/** Replaces every generated block in `text`. */
export function applyBlocks(text: string, blocks: Record<string, string>): string {
  let out = text;
  for (const [name, content] of Object.entries(blocks)) {
    const begin = `<!-- BEGIN GENERATED: ${name} -->`;
    const end = `<!-- END GENERATED: ${name} -->`;
    const i = out.indexOf(begin);
    const j = out.indexOf(end);
    if (i < 0 || j < i) throw new Error(`README.md lacks the markers for "${name}"`);
    out = out.slice(0, i + begin.length) + "\n\n" + content + "\n" + out.slice(j);
  }
  return out;
}

/** Every generated file with its blocks. */
export function generatedFiles(): Record<string, Record<string, string>> {
  return {
    "README.md": generatedBlocks(),
    "integrations/generic/HANDOFF_INSTRUCTIONS.md": { "draft-fields": renderDraftReference() },
  };
}

if (import.meta.main) {
  let stale = false;
  for (const [file, blocks] of Object.entries(generatedFiles())) {
    const text = Deno.readTextFileSync(file);
    const next = applyBlocks(text, blocks);
    if (next === text) continue;
    if (Deno.args.includes("--check")) {
      console.error(`${file} is stale: run deno task gen`);
      stale = true;
    } else {
      Deno.writeTextFileSync(file, next);
      console.error(`${file} regenerated`);
    }
  }
  if (stale) Deno.exit(1);
}
