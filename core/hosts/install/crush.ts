/**
 * Crush: the skill in `.crush/skills/baton/` (or `~/.config/crush/skills/`),
 * a context file Crush reads (`CRUSH.local.md` at the project root, or
 * `CRUSH.md` in the user's config directory) telling the agent to run
 * `baton load` at the start and to write a capsule before it stops, and,
 * only where this clone opted in to the gate, the PreToolUse hook in the
 * project's `crush.json` (Crush's only hook event). Pure.
 * @module
 */
import {
  configRoot,
  joinPath,
  jsonHooks,
  recordHooks,
  skillFile,
  specHead,
} from "./_host_files.ts";
import { registersGate } from "./registered_hooks.ts";
import { renderMarkdownCommand } from "./render_files.ts";
import { CRUSH_RECORD } from "../crush.ts";
import type { HostSpec, PromptSource } from "./types.ts";

/** The context file's text: what a session-start and a session-end hook would do, asked of the agent. */
const LOOP: PromptSource = {
  name: "baton",
  description: "baton: continuity across sessions",
  body: [
    "This repository keeps its working memory with baton.",
    "",
    "- At the start of a session, run `baton load` and read the briefing it prints before other work:",
    "  facts it reports as matching were re-checked now; the rest are claims to check.",
    "- Before you stop, and when your context is nearly full, write a capsule as the baton skill says:",
    "  run `baton preflight`, fill in its JSON with meaning only, and pipe it into",
    "  `baton finalize --draft -`.",
  ].join("\n"),
};

/** The Crush integration. */
export const CRUSH: HostSpec = {
  ...specHead(CRUSH_RECORD),
  layout(scope, env, content) {
    const root = configRoot(CRUSH_RECORD, scope, env);
    const project = scope === "project";
    // The context file is a whole file baton owns (a rules block inside AGENTS.md is shared work).
    const loop = {
      kind: "command" as const,
      path: project ? joinPath(env.projectRoot, "CRUSH.local.md") : joinPath(root, "CRUSH.md"),
      content: renderMarkdownCommand(LOOP, content.invocation, { frontMatter: null }),
    };
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        loop,
        // Only the gate uses Crush's hooks, so the hook file is touched only when it is registered.
        ...(registersGate(scope, content)
          ? [
            jsonHooks(joinPath(env.projectRoot, "crush.json"), {
              hooks: recordHooks(CRUSH_RECORD),
              shape: "flat",
              typeField: false,
              nameField: true,
            }),
          ]
          : []),
      ],
      notes: [...CRUSH_RECORD.install.notes],
    };
  },
};
