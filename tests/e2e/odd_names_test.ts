/**
 * File names as they really are, in a real repository: names with control
 * characters or a backslash are recorded in the escaped form, re-checked at
 * load by the name they stand for, and shown escaped; names that are not
 * valid UTF-8 are recorded byte-exact from the index and reported as not
 * re-checkable here (the runtime cannot open them), never as deleted or
 * matched. Linux only: other systems refuse such names.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo } from "../_helpers/git.ts";

const LINUX = Deno.build.os === "linux";

/** Creates a file whose name is the given bytes, through the shell (Deno cannot name them). */
async function touchBytes(dir: string, name: number[], content: string): Promise<void> {
  const octal = name.map((b) => `\\${b.toString(8).padStart(3, "0")}`).join("");
  const out = await new Deno.Command("sh", {
    args: ["-c", `printf '%s' "$2" > "$(printf '${octal}')"`, "sh", "_", content],
    cwd: dir,
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

const enc = (s: string): number[] => [...new TextEncoder().encode(s)];

Deno.test({
  name:
    "control-character and non-UTF-8 names are recorded exactly, re-checked correctly and shown escaped",
  ignore: !LINUX,
  fn: async () => {
    const dir = await makeRepo();
    try {
      await touchBytes(dir, enc("c\x01d"), "1\n");
      await touchBytes(dir, enc("nl\nx"), "1\n");
      await touchBytes(dir, enc("back\\slash"), "1\n");
      await touchBytes(dir, [0x61, 0xff, 0x62], "1\n");
      await touchBytes(dir, [0x61, 0xfe, 0x62], "1\n");
      await touchBytes(dir, enc("plain"), "1\n");
      await commitAll(dir);
      for (const n of [enc("c\x01d"), enc("nl\nx"), enc("back\\slash"), [0x61, 0xff, 0x62]]) {
        await touchBytes(dir, n, "2\n");
      }
      await touchBytes(dir, [0x75, 0xfe], "u\n");
      const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
      assert.equal(fin.code, 0, fin.stderr);
      const facts = JSON.parse((await runBaton(["show", "--json"], { cwd: dir })).stdout).capsule
        .facts;
      assert.deepEqual(facts.tree.changed, ["back\\\\slash", "c\\x01d", "nl\\x0ax"]);
      // Byte-exact from the index, both invalid names distinct (a lossy decode would merge them).
      assert.deepEqual(facts.tree.unchecked, ["a\\xfeb", "a\\xffb"]);
      assert.match(facts.tree.reason, /2 name\(s\) not valid UTF-8/);
      // An untracked non-UTF-8 name: its bytes are unknown to the runtime, and it says so.
      assert.deepEqual(facts.tree.untracked, ["u\\x??"]);
      const paths = facts.changed_files.map((f: { path: string }) => f.path);
      assert.ok(
        // deno-lint-ignore no-control-regex
        !paths.some((p: string) => /[\u0000-\u001f\ufffd]/.test(p)),
        "no raw control bytes",
      );

      // Re-checked by the real name: one edited, one not (positive and negative).
      await touchBytes(dir, enc("c\x01d"), "3\n");
      const load = JSON.parse((await runBaton(["load", "--json"], { cwd: dir })).stdout);
      const st = Object.fromEntries(
        load.drift.map((d: { check: string; status: string }) => [d.check, d.status]),
      );
      assert.equal(st["file c\\x01d"], "different");
      assert.equal(st["file nl\\x0ax"], "match");
      assert.equal(st["file back\\\\slash"], "match");
      assert.equal(st["file u\\x??"], "unknown");
      const tracked = load.drift.find((d: { check: string }) => d.check === "tracked changes");
      assert.equal(tracked.status, "unknown", "names it cannot open keep the set unsettled");
      assert.match(tracked.detail, /a\\xfeb, a\\xffb/);
      // deno-lint-ignore no-control-regex
      assert.ok(!/[\u0000-\u0008\u000b-\u001f]/.test(load.text), "briefing holds no raw control");
      assert.ok(load.text.includes("file c\\\\x01d: different"), "shown escaped");

      // Control: git agrees these paths exist and are tracked.
      const ls = await git(dir, ["ls-files", "-z"]);
      assert.equal(ls.stdout.split("\0").filter((x) => x !== "").length, 6);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("a committed name that begins with U+FEFF is a file of its own: preflight lists the changes git status does", async () => {
  const dir = await makeRepo();
  await Deno.writeTextFile(`${dir}/\uFEFFnotes.txt`, "hello\n");
  await Deno.writeTextFile(`${dir}/z.txt`, "one\n");
  await commitAll(dir);
  // A staged change elsewhere: the index and HEAD differ, so HEAD's tree is read.
  await Deno.writeTextFile(`${dir}/z.txt`, "two\n");
  await git(dir, ["add", "z.txt"]);
  const status = (await git(dir, ["status", "--porcelain=v1", "-z"])).stdout;
  assert.deepEqual(status.split("\0").filter((x) => x !== ""), ["M  z.txt"]);
  const r = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const facts = JSON.parse(r.stdout).facts;
  // Not a rename of notes.txt (HEAD's tree read "\uFEFFnotes.txt" as "notes.txt").
  assert.deepEqual(
    facts.changed_files.map((f: { path: string; xy: string }) => [f.path, f.xy]),
    [["z.txt", "M."]],
  );
  assert.deepEqual(facts.tree.untracked, []);
});
