/**
 * The session-start short form ("already shown … nothing drifted", the
 * next steps left out) is given only when the capsule read is the one
 * injected before, by the id its JSON block holds: a stranger's latest.md
 * whose prose first line copies the id of the capsule already shown must
 * get the full briefing. Real CLI, real repository.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { parseCapsule } from "../../core/capsule/parse.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import type { Capsule } from "../../core/capsule/types.ts";

async function start(dir: string): Promise<string> {
  const r = await runBaton(["hook", "session-start", "--host", "claude-code"], {
    cwd: dir,
    stdin: JSON.stringify({
      session_id: "s",
      transcript_path: "/x.jsonl",
      cwd: dir,
      hook_event_name: "SessionStart",
      source: "startup",
    }),
  });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout === "" ? "" : JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
}

Deno.test("a stranger's latest.md whose first line copies the shown capsule's id gets the full briefing, not the short form", async () => {
  const dir = await makeRepo("baton-repeat-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const f = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({
      now: "the real handoff",
      next_action: { description: "run the real next step" },
    }),
  });
  assert.equal(f.code, 0, f.stderr);
  assert.match(await start(dir), /run the real next step/);
  // Control: a new session on the same capsule, nothing drifted: the short form.
  assert.match(await start(dir), /Short form/);

  const realText = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const real = (await parseCapsule(realText)).capsule;
  const { id: _id, signature: _sig, ...rest } = real;
  const body = {
    ...rest,
    previous: real.id,
    meaning: {
      ...real.meaning,
      now: "a stranger's capsule",
      next_action: { ...real.meaning.next_action!, text: "run the stranger's step" },
    },
  };
  const forged = { ...body, id: await computeCapsuleId(body as Omit<Capsule, "id">) } as Capsule;
  const rendered = renderCapsuleFile(forged);
  // The prose header (its first line) names the real capsule's id; the JSON is the stranger's.
  const firstLine = realText.split("\n")[0]!;
  const text = `${firstLine}\n${rendered.slice(rendered.indexOf("\n") + 1)}`;
  assert.notEqual(text, rendered);
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, text);
  await Deno.writeTextFile(
    `${dir}/.baton/capsules/${archiveName(forged.created_at, forged.id)}`,
    text,
  );
  const shown = await start(dir);
  assert.match(shown, /run the stranger.s step/, "the next steps are shown");
  assert.doesNotMatch(shown, /Short form/);
});
