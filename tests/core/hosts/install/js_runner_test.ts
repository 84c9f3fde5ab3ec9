import assert from "node:assert/strict";
import { jsBatonRunner } from "../../../../core/hosts/install/js_runner.ts";
import { tempDir } from "../../../_helpers/temp.ts";

/** Runs the generated runner under Node with `invocation`, printing what runBaton resolved to. */
async function viaNode(invocation: string[], payload: unknown): Promise<string> {
  await using dir = await tempDir();
  const file = `${dir.path}/runner.mjs`;
  await Deno.writeTextFile(
    file,
    `import { spawn } from "node:child_process";\n${jsBatonRunner(invocation)}\n` +
      `process.stdout.write(JSON.stringify(await runBaton(["x"], ${
        JSON.stringify(payload)
      }, process.cwd())));\n`,
  );
  const out = await new Deno.Command("node", { args: [file], stdout: "piped" }).output();
  assert.equal(out.code, 0);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("the plugin runner sends the payload as JSON and passes on what a successful baton printed", async () => {
  assert.equal(await viaNode(["sh", "-c", "cat"], { a: 1 }), '{"a":1}');
  assert.equal(await viaNode(["sh", "-c", "cat"], null), "", "null sends nothing");
});

Deno.test("the plugin runner passes on nothing from a failing or missing baton", async () => {
  assert.equal(await viaNode(["sh", "-c", "cat; exit 3"], { a: 1 }), "");
  assert.equal(await viaNode(["/nonexistent/baton"], { a: 1 }), "");
});
