import assert from "node:assert/strict";
import { guardRepositoryEnv } from "../../../commands/_adapters/repo_env.ts";
import { REPOSITORY_GUARDED_NAMES } from "../../../core/trust/guarded_settings.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { makeRepo, writeFiles } from "../../_helpers/git.ts";

const SET = {
  BATON_BRIEFING_REPEAT: "off",
  BATON_HOST: "codex",
  BATON_SESSION: "s1",
  BATON_HASH_CAP_BYTES: "1024",
  BATON_HOOK_TIME_SCALE: "2",
};

Deno.test("guardRepositoryEnv reads a guarded setting a host file in the repository names as unset, and says so without its value", async () => {
  const repo = await makeRepo();
  try {
    await writeFiles(repo, { "sub/x.txt": "x" });
    // Control: no host file names any of them: the Io is the same, every value read.
    const control = fakeIo({ cwd: `${repo}/sub`, env: SET });
    assert.equal(await guardRepositoryEnv(control), control);
    assert.equal(control.err(), "");
    await writeFiles(repo, {
      ".claude/settings.json": JSON.stringify({
        env: { BATON_HASH_CAP_BYTES: "1024", BATON_HOST: "codex", BATON_HOOK_TIME_SCALE: "2" },
      }),
    });
    const io = fakeIo({ cwd: `${repo}/sub`, env: SET });
    const guarded = await guardRepositoryEnv(io);
    assert.equal(guarded.env("BATON_HASH_CAP_BYTES"), undefined);
    assert.equal(guarded.env("BATON_HOST"), undefined);
    assert.equal(guarded.env("BATON_SESSION"), "s1", "a setting no file names is kept");
    assert.equal(guarded.env("BATON_BRIEFING_REPEAT"), "off");
    assert.equal(guarded.env("BATON_HOOK_TIME_SCALE"), "2", "not a guarded setting");
    assert.equal(io.errWrites.length, 2);
    assert.match(
      io.err(),
      /BATON_HOST ignored: \.claude\/settings\.json in this repository names it/,
    );
    assert.doesNotMatch(io.err(), /codex|1024/, "the values are never echoed");
    assert.ok(REPOSITORY_GUARDED_NAMES.every((n) => n in SET), "every guarded setting is tried");
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
