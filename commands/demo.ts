/**
 * `baton demo`: the main job end to end on a throwaway repository, with no
 * git binary: build a repo (isomorphic-git), preflight, finalize a sample
 * draft that forges a verified claim, edit a file, and load the briefing
 * that shows the downgrade and the drift.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson, workflowContext } from "./_adapters/context.ts";
import { shortOid } from "../core/facts/git/short_oid.ts";

const SAMPLE_DRAFT = {
  now: "The parser rewrite is half done: tokenizer finished, AST builder next.",
  completed: ["Rewrote the tokenizer in src/tokenizer.ts"],
  decisions: [{
    id: "parser-style",
    text: "Use a hand-written recursive-descent parser",
    why: "Error positions matter more than speed",
  }],
  verified_facts: [{
    text: "All tests pass",
    provenance: "test",
    trust: "verified",
    evidence_refs: ["run:does-not-exist"],
  }],
  hypotheses: ["The slow path is the regex in src/tokenizer.ts"],
  next_action: { description: "Write the AST builder", command: "deno test src/" },
  pointers: ["src/tokenizer.ts", "../../etc/passwd"],
};

/** The demo command. */
export const demoCommand: Command = {
  name: "demo",
  category: "setup",
  summary: "Run preflight, finalize and load on a throwaway repository",
  description:
    "Builds a small git repository in a temporary directory without a git binary, runs preflight, finalizes a sample draft that claims a test-verified fact it cannot back, edits a file, and prints the briefing the next session would get: the forged claim comes out as claimed, and the edited file shows as drift. The directory is removed afterwards unless --keep is given.",
  examples: ["baton demo", "baton demo --keep --json"],
  flags: [{
    name: "keep",
    type: "boolean",
    summary: "Keep the throwaway repository and print its path",
  }],
  async run(args, io) {
    const json = boolFlag(args, "json");
    const say = (line: string) => {
      if (!json) io.stdout.write(line + "\n");
    };
    const dir = await io.makeTempDir("baton-demo-");
    try {
      const { createDemoRepo, editDemoFile } = await import("./_adapters/demo_repo.ts");
      await createDemoRepo(dir);
      say(`1. Built a throwaway repository in ${dir} (one commit, pushed to origin/main).`);
      const ctx = workflowContext(io, dir);
      const { collectFacts } = await import("../core/facts/collect.ts");
      const facts = await collectFacts(ctx.fs, dir, {
        now: ctx.now,
        homeDir: null,
        xdgConfigHome: null,
      });
      say(
        `2. preflight: branch ${facts.branch}, HEAD ${(facts.head === null
          ? undefined
          : shortOid(facts.head))}, ${facts.changed_count} changed file(s).`,
      );
      const { finalizeParsedDraft } = await import("../core/workflow/finalize.ts");
      const result = await finalizeParsedDraft(ctx, SAMPLE_DRAFT as never, { facts });
      const c = result.capsule;
      say(`3. finalize: wrote ${c.id.slice(0, 19)}…; ${c.downgrades.length} rewrite(s):`);
      for (const d of c.downgrades) {
        say(`     ${d.field}: ${d.what} ${d.from} -> ${d.to} (${d.why})`);
      }
      if (c.pointers_dropped.length > 0) {
        say(`     ${c.pointers_dropped.length} pointer(s) dropped: led outside the repository`);
      }
      await editDemoFile(dir);
      say("4. Edited src/tokenizer.ts after the capsule was written.");
      const { loadBriefing } = await import("../core/workflow/load.ts");
      const loaded = await loadBriefing(ctx);
      say("5. load: the briefing the next session gets:\n");
      say(loaded?.text ?? "(no briefing)");
      if (json) {
        printJson(io, {
          repo: dir,
          kept: boolFlag(args, "keep"),
          capsule_id: c.id,
          downgrades: c.downgrades,
          drift: loaded?.drift ?? [],
          briefing: loaded?.text ?? "",
        });
      }
      return 0;
    } finally {
      if (boolFlag(args, "keep")) {
        if (!json) io.stderr.write(`Kept the demo repository at ${dir}\n`);
      } else {
        await io.fs.remove(dir, { recursive: true });
      }
    }
  },
};
