/**
 * The embedded skill obeys the Agent Skills limits (name rules, description
 * length, only the spec's keys), and every baton command it or a command
 * prompt mentions exists in the command table.
 */
import assert from "node:assert/strict";
import { parse as parseYaml } from "yaml";
import { loadCommands } from "../../commands/mod.ts";
import { renderSkillFile } from "../../core/hosts/install/render_files.ts";
import { PROMPT_TEXTS } from "../../integrations/mod.ts";
import { BATON_SKILL } from "../../skills/mod.ts";

const COMMANDS = await loadCommands();

const SPEC_KEYS = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];

/** Problems with a SKILL.md against the Agent Skills specification. */
function skillProblems(text: string, dirName: string): string[] {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (m === null) return ["no front matter"];
  const fm = parseYaml(m[1]!) as Record<string, unknown>;
  const problems: string[] = [];
  const name = fm.name;
  if (typeof name !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) || name.length > 64) {
    problems.push("name breaks the naming rules");
  }
  if (name !== dirName) problems.push("name differs from the directory");
  const d = fm.description;
  if (typeof d !== "string" || d.length < 1 || d.length > 1024) problems.push("description length");
  if (typeof fm.compatibility === "string" && fm.compatibility.length > 500) {
    problems.push("compatibility length");
  }
  for (const k of Object.keys(fm)) if (!SPEC_KEYS.includes(k)) problems.push(`key ${k}`);
  if (m[2]!.split("\n").length >= 500) problems.push("body over 500 lines");
  return problems;
}

/** Every `baton WORD` inside inline code whose WORD is not a command. */
function unknownCommands(text: string): string[] {
  const names = new Set([...COMMANDS.map((c) => c.name), "help"]);
  return [...text.matchAll(/`baton ([a-z][a-z0-9-]*)/g)].map((m) => m[1]!)
    .filter((w) => !names.has(w));
}

Deno.test("skills/baton/SKILL.md front matter obeys the Agent Skills limits, as shipped and as installed", () => {
  assert.deepEqual(skillProblems(BATON_SKILL, "baton"), []);
  assert.deepEqual(skillProblems(renderSkillFile(BATON_SKILL, ["/opt/x y/baton"]), "baton"), []);
  // The check can fail.
  assert.ok(
    skillProblems(BATON_SKILL.replace("name: baton", "name: Baton--x"), "baton").length > 0,
  );
  assert.ok(
    skillProblems(
      BATON_SKILL.replace(/^description: .*$/m, `description: ${"x".repeat(1025)}`),
      "baton",
    )
      .includes("description length"),
  );
  assert.ok(
    skillProblems(
      BATON_SKILL.replace("compatibility:", "argument-hint: x\ncompatibility:"),
      "baton",
    )
      .includes("key argument-hint"),
  );
});

Deno.test("every baton command the skill and the command prompts mention exists in the command table", () => {
  assert.deepEqual(unknownCommands(BATON_SKILL), []);
  for (const text of Object.values(PROMPT_TEXTS)) assert.deepEqual(unknownCommands(text), []);
  assert.ok(BATON_SKILL.includes("`baton help`"), "the skill points at baton help for the rest");
  assert.deepEqual(
    unknownCommands("run `baton frobnicate` now"),
    ["frobnicate"],
    "positive control",
  );
});

Deno.test("the skill teaches the agent's own commands and never asks for doctor every session", () => {
  const taught = new Set([...BATON_SKILL.matchAll(/`baton ([a-z][a-z-]*)/g)].map((m) => m[1]!));
  for (const name of ["load", "preflight", "finalize", "evidence", "decisions", "search"]) {
    assert.ok(taught.has(name), name);
  }
  assert.ok(!taught.has("doctor"), "no doctor call in the skill");
  assert.ok(!/BEGIN GENERATED/.test(BATON_SKILL), "no generated command list");
});
