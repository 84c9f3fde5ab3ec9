/**
 * `baton revive` makes an archived capsule current by copying it to latest.md. It decoded the
 * file and encoded it again, and the decoder drops a leading byte-order mark (an editor on
 * Windows adds one; the capsule parses the same with it): latest.md was then not the archived
 * file, byte for byte. Real repository, the real CLI; the control is a capsule without a mark.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

for (
  const [name, mark] of [["with a byte-order mark", true], ["control: without", false]] as const
) {
  Deno.test(`revive copies the archived capsule's very bytes to latest.md (${name})`, async () => {
    const dir = await makeRepo("baton-revive-bytes-");
    try {
      await writeFiles(dir, { "a.txt": "a\n" });
      await commitAll(dir, "init");
      const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
      assert.equal(fin.code, 0, fin.stderr);
      await Deno.remove(`${dir}/.baton/latest.md`);
      const [file] = [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name);
      const path = `${dir}/.baton/capsules/${file}`;
      const body = await Deno.readFile(path);
      const archived = mark ? new Uint8Array([...BOM, ...body]) : body;
      await Deno.writeFile(path, archived);
      const r = await runBaton(["revive"], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(await Deno.readFile(`${dir}/.baton/latest.md`), archived);
      const load = await runBaton(["load", "--json"], { cwd: dir });
      assert.equal(load.code, 0, load.stderr);
      assert.equal(JSON.parse(load.stdout).integrity.status, "ok");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
