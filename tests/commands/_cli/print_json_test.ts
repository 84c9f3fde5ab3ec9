import assert from "node:assert/strict";
import { printJson } from "../../../commands/_cli/print_json.ts";
import { fakeIo } from "../../_helpers/io.ts";

Deno.test("printJson() prints indented JSON with invisible characters escaped", () => {
  const io = fakeIo({ cwd: "/" });
  printJson(io, { t: "a\u202eb" });
  assert.equal(io.out(), '{\n  "t": "a\\u202eb"\n}\n');
  assert.deepEqual(JSON.parse(io.out()), { t: "a\u202eb" });
});
