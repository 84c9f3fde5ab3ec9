/**
 * A capsule is one input: a value one string shows only as a hex dump or
 * folded over two lines is redacted in every other string too, also in a
 * string the capsule holds before it. The capsule's first pass (which
 * remembers each string's values) used to find secrets without the heads of
 * dumps and folds, so a bare copy in an earlier command kept the value an
 * `xxd .env` dump or an 80-column fold in the assistant's last message
 * revealed: committed in the capsule and printed by load. Real `xxd` output,
 * a real Claude Code transcript shape, the real pre-compact hook, then load;
 * the controls are the dump and the fold themselves, redacted in place.
 * @module
 */
import assert from "node:assert/strict";
import { captureThenLoad, claudeBashTranscript } from "../_helpers/claude_capture.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const SID = "7d1e2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
// Values no rule finds alone (no keyword, no prefix): only the dump or the fold says what they are.
const DUMPED = "q8Zr1mXw4Lp0vTkq9Zx7";
const FOLDED = "Hs7Kq2Wm9Xv4Lp8Zr3Tn6Yb1Jd5Fg0Ac".repeat(3).slice(0, 90);

/** Every file under `dir`, as text. */
async function allText(dir: string): Promise<string> {
  let out = "";
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out += await allText(path);
    else if (e.isFile) out += await Deno.readTextFile(path);
  }
  return out;
}

/** `xxd` of `text`, run in a temp dir (removed). */
async function xxd(text: string): Promise<string> {
  await using dir = await tempDir("baton-xxd-");
  await Deno.writeTextFile(`${dir.path}/.env`, text);
  const out = await new Deno.Command("xxd", { args: [".env"], cwd: dir.path }).output();
  assert.equal(out.code, 0);
  return new TextDecoder().decode(out.stdout);
}

Deno.test("a value shown by an xxd dump or folded at 80 columns is redacted in an earlier command's bare copy, in the capsule and the briefing; the dump and the fold are redacted in place (control)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const dump = await xxd(`DB_HOST=localhost\nAPI_TOKEN=${DUMPED}\n`);
  const line = `export SERVICE_SECRET=${FOLDED}`;
  const said = `The file, as xxd shows it:\n${dump}\nand the export the terminal folded:\n` +
    `${line.slice(0, 80)}\n${line.slice(80)}\nls -la`;
  const transcript = claudeBashTranscript(SID, repo, [
    { command: `grep -rn ${DUMPED} logs/`, content: "" },
    { command: `grep -c ${FOLDED} build.log`, content: "0" },
  ]).trimEnd().split("\n");
  const last = JSON.parse(transcript.at(-1)!);
  transcript.push(JSON.stringify({
    ...last,
    type: "assistant",
    timestamp: "2026-08-20T09:00:30.000Z",
    message: { id: "m-last", role: "assistant", content: [{ type: "text", text: said }] },
    toolUseResult: undefined,
  }));
  const out = await captureThenLoad(repo, home.path, SID, transcript.join("\n") + "\n");
  const stored = await allText(`${repo}/.baton`);
  for (const [where, text] of [["briefing", out], ["stored capsules", stored]] as const) {
    assert.ok(!text.includes(DUMPED), `${where}: the dumped value is gone everywhere`);
    assert.ok(!text.includes(FOLDED.slice(0, 40)), `${where}: the folded value is gone everywhere`);
  }
  // Controls: the commands are kept with the copy redacted, and the dump and the fold are
  // redacted where they are (the stored capsule holds the whole message).
  assert.match(out, /grep -rn \[REDACTED:[a-z_]+\] logs\//);
  assert.match(out, /grep -c \[REDACTED:[a-z_]+\] build\.log/);
  assert.match(stored, /API_TOKEN=\[REDACTED:[a-z_]+\]/);
  assert.match(stored, /DB_HOST=localhos/);
  assert.match(stored, /export SERVICE_SECRET=\[REDACTED:[a-z_]+\]/);
});
