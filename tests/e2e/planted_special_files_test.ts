/**
 * A clone or a pull can plant a symbolic link to a device (/dev/zero) where
 * baton reads its capsules and progress log, and a local process a FIFO: a
 * reader that opens such a path hangs or fills its memory. baton must refuse
 * what is not a regular file without opening it. A FIFO stands in for the
 * device: a writer held open by the test feeds real content, so the old
 * reader, which opened it, read that content as a capsule or a log.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";

/** A FIFO at `path` whose writer (a real process) sends `text` once a reader opens it. */
async function fifoFeeding(path: string, text: string): Promise<AsyncDisposable> {
  const src = `${path}.src`;
  await Deno.writeTextFile(src, text);
  const mk = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.equal(mk.code, 0, "mkfifo");
  const writer = new Deno.Command("sh", {
    args: ["-c", 'exec cat "$1" > "$2"', "sh", src, path],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  return {
    async [Symbol.asyncDispose]() {
      try {
        writer.kill("SIGKILL");
      } catch { /* already gone: a reader took the content */ }
      await writer.status;
      await Deno.remove(src);
    },
  };
}

Deno.test("validate refuses a latest.md that is not a regular file without opening it", async () => {
  const dir = await makeRepo();
  const made = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "real capsule" }),
  });
  assert.equal(made.code, 0, made.stderr);
  const text = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const control = await runBaton(["validate", "--json"], { cwd: dir });
  assert.equal(
    JSON.parse(control.stdout).valid,
    true,
    "positive control: the regular file is valid",
  );
  await Deno.remove(`${dir}/.baton/latest.md`);
  await using _fifo = await fifoFeeding(`${dir}/.baton/latest.md`, text);
  const v = await runBaton(["validate", "--json"], { cwd: dir });
  assert.equal(v.code, 1);
  const out = JSON.parse(v.stdout);
  assert.equal(out.valid, false);
  assert.equal(out.error.code, "capsule_not_regular");
});

Deno.test("doctor warns about a progress log that is not a regular file without opening it", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/.baton`);
  const log = "- 2026-01-01T00:00:00.000Z planted entry\n";
  await Deno.writeTextFile(`${dir}/.baton/progress.md`, log);
  const progress = async () => {
    const d = await runBaton(["doctor", "--json"], { cwd: dir });
    return JSON.parse(d.stdout).checks.find((c: { name: string }) => c.name === "progress");
  };
  const control = await progress();
  assert.doesNotMatch(control.reason, /Cannot read/, "positive control: a regular log is read");
  await Deno.remove(`${dir}/.baton/progress.md`);
  await using _fifo = await fifoFeeding(`${dir}/.baton/progress.md`, log);
  const check = await progress();
  assert.equal(check.outcome, "warn");
  assert.match(check.reason, /Cannot read \.baton\/progress\.md/);
});

Deno.test("hook pre-compact with a FIFO for its transcript writes the capsule and says the session section is missing", async () => {
  const dir = await makeRepo();
  const hook = (transcript: string) =>
    runBaton(["hook", "pre-compact", "--host", "claude-code"], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s1",
        transcript_path: transcript,
        cwd: dir,
        hook_event_name: "PreCompact",
        trigger: "auto",
      }),
    });
  // The control: a transcript that does not exist yet is common and stays quiet.
  const quiet = await hook(`${dir}/.git/missing.jsonl`);
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.equal(quiet.stderr, "");
  await Deno.writeTextFile(`${dir}/work.txt`, "new facts\n");
  await using _feed = await fifoFeeding(`${dir}/.git/t.jsonl`, '{"type":"user"}\n');
  const r = await hook(`${dir}/.git/t.jsonl`);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /capsule written without a session section/);
  assert.doesNotMatch(r.stderr, /t\.jsonl/, "the path is not echoed");
});

Deno.test("an archive file over the size bound, dated after latest, does not stop finalize or an automatic capture", async () => {
  const dir = await makeRepo();
  const first = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: '{"now":"first"}',
  });
  assert.equal(first.code, 0, first.stderr);
  // 17 MiB of zeros: a few KiB once git compresses it, so any commit or pull can bring it.
  const f = await Deno.open(`${dir}/.baton/capsules/20990101T000000Z-deadbeef.md`, {
    write: true,
    create: true,
  });
  await f.truncate(17 * 1024 * 1024);
  f.close();
  const second = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: '{"now":"second"}',
  });
  assert.equal(second.code, 0, second.stderr);
  await Deno.writeTextFile(`${dir}/new.txt`, "changed\n");
  const hook = await runBaton(["hook", "pre-compact", "--host", "claude-code", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({
      session_id: "s",
      transcript_path: `${dir}/none.jsonl`,
      cwd: dir,
      hook_event_name: "PreCompact",
      trigger: "auto",
    }),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout);
  const load = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.deepEqual(JSON.parse(load.stdout).integrity, { status: "ok" });
});

Deno.test("doctor does not read a host settings file past the bound; it names the file as too large", async () => {
  const dir = await makeRepo();
  const install = await runBaton(["install", "claude-code"], { cwd: dir });
  assert.equal(install.code, 0, install.stderr);
  const control = await runBaton(["doctor", "--json"], { cwd: dir });
  assert.match(control.stdout, /Claude Code \(project\): installed/, "positive control");
  // 64 MiB of zeros in the settings file (a few KiB in git): over the bound, never read.
  const f = await Deno.open(`${dir}/.claude/settings.local.json`, { write: true, truncate: true });
  await f.truncate(64 * 1024 * 1024);
  f.close();
  const r = await runBaton(["doctor", "--json"], { cwd: dir });
  assert.match(r.stdout, /settings\.local\.json is larger than 4194304 bytes: not read/);
});
