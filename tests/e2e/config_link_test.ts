/**
 * A clone can carry `.baton` as a symbolic link. The store's readers refuse
 * it; the band hooks find the config with lstat calls only, so the config
 * reader must refuse it too, or a stranger's file elsewhere on the machine
 * chooses the thresholds. The real CLI in a real repository; the control is
 * the same config in a real `.baton` directory.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { claudeToolTurn, claudeUser, jsonl } from "../_helpers/band_transcripts.ts";

/** Warns from the third tool call on. */
const LOW_DEPTH = "bands:\n  depth: {warn: 2, handoff: 90, hard: 95}\n";

async function prompt(dir: string, transcript: string, session: string) {
  return await runBaton(["hook", "prompt", "--host", "claude-code"], {
    cwd: dir,
    stdin: JSON.stringify({
      session_id: session,
      transcript_path: transcript,
      cwd: dir,
      hook_event_name: "UserPromptSubmit",
      permission_mode: "default",
    }),
  });
}

Deno.test("a .baton that is a symbolic link: the band hook never reads the config through it", async () => {
  const dir = await makeRepo("baton-config-link-");
  const elsewhere = await Deno.makeTempDir({ prefix: "baton-config-elsewhere-" });
  try {
    const transcript = `${elsewhere}/t.jsonl`;
    await Deno.writeTextFile(
      transcript,
      jsonl([claudeUser("go"), ...Array.from({ length: 3 }, () => claudeToolTurn(1)).flat()]),
    );
    // Control: the same config in a real .baton directory lowers the threshold to an advisory.
    await Deno.mkdir(`${dir}/.baton`);
    await Deno.writeTextFile(`${dir}/.baton/config.yaml`, LOW_DEPTH);
    const real = await prompt(dir, transcript, "s1");
    assert.equal(real.code, 0, real.stderr);
    assert.notEqual(real.stdout, "", "the config's threshold gives an advisory");
    // The same file behind a link in place of .baton: the defaults apply, and stderr says why.
    await Deno.remove(`${dir}/.baton`, { recursive: true });
    await Deno.mkdir(`${elsewhere}/store`);
    await Deno.writeTextFile(`${elsewhere}/store/config.yaml`, LOW_DEPTH);
    await Deno.symlink(`${elsewhere}/store`, `${dir}/.baton`);
    // Another session: an advisory is given once per session.
    const linked = await prompt(dir, transcript, "s2");
    assert.equal(linked.code, 0, linked.stderr);
    assert.equal(linked.stdout, "", "no advisory: the linked config is not read");
    assert.match(linked.stderr, /\.baton is a symbolic link/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(elsewhere, { recursive: true });
  }
});
