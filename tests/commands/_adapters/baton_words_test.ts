/**
 * The ways this baton is started, as the gate accepts and prints them: run
 * from source, `baton` on PATH is never this program, so the printed form is
 * the runtime invocation, which runs as it stands.
 */
import assert from "node:assert/strict";
import {
  acceptedBatonWords,
  bareWordIsOwn,
  printableBatonWords,
} from "../../../commands/_adapters/baton_words.ts";
import { currentInvocation } from "../../../commands/_adapters/invocation.ts";
import { renderShellCommand } from "../../../core/hosts/shell_quote.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("acceptedBatonWords(): the plain word and this process's own invocation", () => {
  const words = acceptedBatonWords();
  assert.deepEqual(words, ["baton", renderShellCommand(currentInvocation())]);
  assert.ok(words[1]!.startsWith(`${Deno.execPath()} run `));
  assert.ok(words[1]!.endsWith("/main.ts"));
});

Deno.test("printableBatonWords(): run from source, the invocation is printed first, whatever `baton` PATH holds", async () => {
  await using dir = await tempDir("baton-words-");
  await Deno.writeTextFile(`${dir.path}/baton`, "#!/bin/sh\necho not this baton\n");
  await Deno.chmod(`${dir.path}/baton`, 0o755);
  const io = fakeIo({ cwd: dir.path, env: { PATH: `${dir.path}:/usr/bin:/bin` } });
  const words = await printableBatonWords(io);
  assert.equal(words[0], renderShellCommand(currentInvocation()));
  assert.deepEqual([...words].sort(), [...acceptedBatonWords()].sort());
});

Deno.test("printableBatonWords(): a compiled baton is printed as `baton` only when the first baton on PATH is this very binary", async () => {
  await using dir = await tempDir("baton-words-");
  const own = `${dir.path}/bin/baton`;
  await Deno.mkdir(`${dir.path}/bin`);
  await Deno.mkdir(`${dir.path}/other`);
  await Deno.writeTextFile(own, "#!/bin/sh\n");
  await Deno.writeTextFile(`${dir.path}/other/baton`, "#!/bin/sh\n");
  await Deno.symlink(own, `${dir.path}/link`);
  const first = async (path: string, invocation = [own]) =>
    (await printableBatonWords(fakeIo({ cwd: dir.path, env: { PATH: path } }), invocation))[0];
  assert.equal(await first(`/nonexistent:${dir.path}/bin`), "baton");
  // Installed through a symlink: the same program.
  assert.equal(await first(`${dir.path}/bin`, [`${dir.path}/link`]), "baton");
  // Another baton earlier on PATH, or none at all: the path is printed.
  assert.equal(await first(`${dir.path}/other:${dir.path}/bin`), own);
  assert.equal(await first("/nonexistent"), own);
});

Deno.test("bareWordIsOwn(): the word is baton's unless the first baton on PATH could be a commit's (tests/e2e/gate_repository_env_test.ts plants one in a work tree)", async () => {
  await using dir = await tempDir("baton-words-");
  await Deno.mkdir(`${dir.path}/bin`);
  await Deno.writeTextFile(`${dir.path}/bin/baton`, "#!/bin/sh\n");
  const own = (path: string) => bareWordIsOwn(fakeIo({ cwd: dir.path, env: { PATH: path } }), null);
  assert.equal(await own(`/nonexistent:${dir.path}/bin`), true, "outside every work tree");
  assert.equal(await own("/nonexistent"), true, "none on PATH: the word runs nothing");
  assert.equal(await own(`bin:${dir.path}/bin`), false, "a relative entry first");
  assert.equal(await own(`${dir.path}/bin:bin`), true, "a relative entry after it");
  assert.deepEqual(acceptedBatonWords(currentInvocation(), false), [
    renderShellCommand(currentInvocation()),
  ]);
});
