// Tests for commands/scan.ts, run in-process.

import assert from "node:assert/strict";
import { scanCommand } from "../../commands/scan.ts";
import { parseFlags } from "../../commands/_cli/command.ts";
import { NotFoundError, UsageError } from "../../core/errors.ts";
import { fakeIo, FIXED_PROCESS } from "../_helpers/io.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("scanCommand prints path:line:column: kind per finding and exits 1; 0 when clean", async () => {
  const rng = new Rng(111);
  const dir = (await tempDir()).path;
  const a = SAMPLES.sendgrid_api_key!(rng);
  const b = SAMPLES.digitalocean_token!(rng);
  await Deno.mkdir(`${dir}/d/e`, { recursive: true });
  await Deno.writeTextFile(`${dir}/d/b.txt`, `x\n  ${a.text}\n`);
  await Deno.writeTextFile(`${dir}/d/e/a.txt`, `${b.text}\n`);
  await Deno.writeTextFile(`${dir}/clean.txt`, "nothing\n");
  const io = fakeIo({
    cwd: dir,
    stdin: new TextEncoder().encode(`stdin ${a.text}`),
    ...FIXED_PROCESS,
  });
  assert.equal(await scanCommand.run(parseFlags(scanCommand, ["d", "-"]), io), 1);
  assert.equal(
    io.out(),
    "-:1:7: sendgrid_api_key\nd/b.txt:2:3: sendgrid_api_key\nd/e/a.txt:1:1: digitalocean_token\n",
  );
  assert.ok(!io.out().includes(a.core) && !io.err().includes(a.core));
  const clean = fakeIo({ cwd: dir, ...FIXED_PROCESS });
  assert.equal(await scanCommand.run(parseFlags(scanCommand, ["clean.txt"]), clean), 0);
  assert.equal(clean.out(), "");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("scanCommand rejects a missing operand and a missing path", async () => {
  const io = fakeIo({ cwd: "/", ...FIXED_PROCESS });
  await assert.rejects(() => scanCommand.run(parseFlags(scanCommand, []), io), UsageError);
  await assert.rejects(
    () => scanCommand.run(parseFlags(scanCommand, ["/nonexistent/baton-scan"]), io),
    NotFoundError,
  );
});

Deno.test("scanCommand redacts secrets in the paths it prints, plain and --json", async () => {
  const rng = new Rng(112);
  const dir = (await tempDir()).path;
  const name = SAMPLES.github_oauth_token!(rng);
  const inner = SAMPLES.npm_token!(rng);
  await Deno.mkdir(`${dir}/d/${inner.text}`, { recursive: true });
  await Deno.writeTextFile(`${dir}/d/notes-${name.text}.txt`, `${inner.text}\n`);
  await Deno.symlink(`${dir}/d/notes-${name.text}.txt`, `${dir}/d/${inner.text}/ln`);
  const plain = fakeIo({ cwd: dir, ...FIXED_PROCESS });
  assert.equal(await scanCommand.run(parseFlags(scanCommand, ["d"]), plain), 1);
  assert.equal(plain.out(), "d/notes-[REDACTED:github_oauth_token].txt:1:1: npm_token\n");
  const json = fakeIo({ cwd: dir, ...FIXED_PROCESS });
  assert.equal(await scanCommand.run(parseFlags(scanCommand, ["--json", "d"]), json), 1);
  const out = JSON.parse(json.out());
  assert.equal(out.findings[0].path, "d/notes-[REDACTED:github_oauth_token].txt");
  assert.equal(out.skipped[0].path, "d/[REDACTED:npm_token]/ln");
  for (const text of [plain.out(), plain.err(), json.out(), json.err()]) {
    assert.ok(!text.includes(name.core) && !text.includes(inner.core));
  }
  await Deno.remove(dir, { recursive: true });
});
