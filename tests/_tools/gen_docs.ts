/**
 * Generates the README's command reference and exit-code table, the paste-only
 * instructions' field list (from the draft template), the skill's
 * command list (skills/baton/SKILL.md) and the per-host reference files in
 * integrations/<host>/ from the command table and core/hosts (`deno task
 * gen`); with --check it only reports staleness and exits 1 (part of `deno
 * task check` and the test suite).
 * @module
 */
import { loadCommands, renderHelp } from "../../commands/mod.ts";
import { renderDraftReference } from "../../core/capsule/render_draft_reference.ts";
import { EXIT } from "../../core/errors.ts";
import { HOSTS } from "../../core/hosts/hosts.ts";
import { HOST_IDS } from "../../core/hosts/ids.ts";
import { parsePromptSource } from "../../core/hosts/parse_prompt.ts";
import { hostReferenceFiles } from "../../core/hosts/reference_files.ts";
import { PROMPT_TEXTS } from "../../integrations/mod.ts";
import { BATON_SKILL } from "../../skills/mod.ts";
import { CLASS_POLICY, COMMAND_FAMILIES } from "../../core/safety/command/families.ts";
import { SECRET_RULES } from "../../core/safety/secrets/rules.ts";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** The dangerous command families as a Markdown table. */
export function familyTable(): string {
  return [
    "| family | what it covers | examples (each classified dangerous with this family) |",
    "| --- | --- | --- |",
    ...COMMAND_FAMILIES.map((f) =>
      `| \`${f.id}\`: ${f.title} | ${cell(f.covers)} | ${
        f.examples.map((e) =>
          `<code>${cell(e.replace(/&/g, "&amp;").replace(/</g, "&lt;"))}</code>`
        )
          .join("<br>")
      } |`
    ),
    "",
  ].join("\n");
}

/** The class policy as a Markdown list. */
export function classPolicy(): string {
  return CLASS_POLICY.map((p) => wrapItem(`\`${p.class}\`: ${p.rule}`)).join("\n") + "\n";
}

/** A list item wrapped at 100 columns as `deno fmt` wraps prose. */
function wrapItem(text: string): string {
  const lines: string[] = [];
  let line = "-";
  for (const word of text.split(" ")) {
    if (line.length + 1 + word.length > 100 && line !== "-") {
      lines.push(line);
      line = " ";
    }
    line += " " + word;
  }
  lines.push(line);
  return lines.join("\n");
}

const COMMANDS = await loadCommands();

/** Generated README blocks: marker name -> content. */
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
  return {
    commands,
    "exit-codes": exits,
    "command-families": familyTable(),
    "command-classes": classPolicy(),
    "secret-kinds": kinds,
  };
}

/** The skill's generated command list. */
export function skillBlocks(): Record<string, string> {
  const lines = COMMANDS.filter((c) => !c.hidden).map((c) =>
    `- \`baton ${c.name}\`: ${c.summary}.`
  );
  return { "skill-commands": lines.join("\n") + "\n", "skill-command-classes": classPolicy() };
}

/** Every generated file under integrations/<host>/: repository-relative path -> text. */
export function integrationFiles(): Record<string, string> {
  const content = {
    invocation: ["baton"],
    skill: BATON_SKILL,
    prompts: Object.entries(PROMPT_TEXTS).map(([n, t]) => parsePromptSource(n, t)),
  };
  const out: Record<string, string> = {};
  for (const id of HOST_IDS) {
    for (const [rel, text] of Object.entries(hostReferenceFiles(HOSTS[id], content))) {
      out[`integrations/${id}/${rel}`] = text;
    }
  }
  return out;
}

/** Replaces every generated block in `text`. */
export function applyBlocks(text: string, blocks: Record<string, string>): string {
  let out = text;
  for (const [name, content] of Object.entries(blocks)) {
    const begin = `<!-- BEGIN GENERATED: ${name} -->`;
    const end = `<!-- END GENERATED: ${name} -->`;
    const i = out.indexOf(begin);
    const j = out.indexOf(end);
    if (i < 0 || j < i) throw new Error(`The file lacks the markers for "${name}"`);
    out = out.slice(0, i + begin.length) + "\n\n" + content + "\n" + out.slice(j);
  }
  return out;
}

function listFiles(dir: string, out: string[] = []): string[] {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const e of entries) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) listFiles(path, out);
    else out.push(path);
  }
  return out;
}

function readOrNull(path: string): string | null {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return null;
  }
}

/** Block-generated files (README and the paste-only instructions) with their blocks. */
export function generatedFiles(): Record<string, Record<string, string>> {
  return {
    "README.md": generatedBlocks(),
    "integrations/generic/HANDOFF_INSTRUCTIONS.md": { "draft-fields": renderDraftReference() },
  };
}

/** Path -> wanted text (null: the file must not exist) for every generated file. */
export function wantedFiles(): Record<string, string | null> {
  const wanted: Record<string, string | null> = {};
  for (const [path, blocks] of Object.entries(generatedFiles())) {
    wanted[path] = applyBlocks(readOrNull(path) ?? "", blocks);
  }
  wanted["skills/baton/SKILL.md"] = applyBlocks(
    readOrNull("skills/baton/SKILL.md") ?? "",
    skillBlocks(),
  );
  const files = integrationFiles();
  for (const id of HOST_IDS) {
    for (const path of listFiles(`integrations/${id}`)) {
      if (!(path in files)) wanted[path] = null;
    }
  }
  return { ...wanted, ...files };
}

if (import.meta.main) {
  const stale: string[] = [];
  for (const [path, text] of Object.entries(wantedFiles())) {
    if (readOrNull(path) === text) continue;
    stale.push(path);
    if (Deno.args.includes("--check")) continue;
    if (text === null) Deno.removeSync(path);
    else {
      Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")) || ".", { recursive: true });
      Deno.writeTextFileSync(path, text);
    }
  }
  if (Deno.args.includes("--check")) {
    if (stale.length > 0) {
      console.error(`Generated files are stale (${stale.join(", ")}): run deno task gen`);
      Deno.exit(1);
    }
  } else if (stale.length > 0) {
    console.error(`Regenerated: ${stale.join(", ")}`);
  }
}
