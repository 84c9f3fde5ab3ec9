/**
 * Generates the README's command reference and exit-code table from the
 * command table (`deno task gen`); with --check it only reports staleness
 * and exits 1 (part of `deno task check` and the test suite).
 * @module
 */
import { COMMANDS } from "../../commands/mod.ts";
import { renderHelp } from "../../commands/_command.ts";
import { EXIT } from "../../core/errors.ts";
import { SECRET_RULES } from "../../core/safety/secrets/rules.ts";

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
  const kinds = [
    `${new Set(SECRET_RULES.map((r) => r.kind)).size} credential kinds, in rule order:`,
    "",
    "| kind | credential | recognised by |",
    "| --- | --- | --- |",
    ...SECRET_RULES.map((r) =>
      `| \`${r.kind}\` | ${r.title} | ${r.description.replaceAll("|", "\\|")} |`
    ),
    "",
  ].join("\n");
  return { commands, "exit-codes": exits, "secret-kinds": kinds };
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

if (import.meta.main) {
  const readme = Deno.readTextFileSync("README.md");
  const next = applyBlocks(readme, generatedBlocks());
  if (Deno.args.includes("--check")) {
    if (next !== readme) {
      console.error("README.md is stale: run deno task gen");
      Deno.exit(1);
    }
  } else if (next !== readme) {
    Deno.writeTextFileSync("README.md", next);
    console.error("README.md regenerated");
  }
}
