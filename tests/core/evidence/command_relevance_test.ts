import assert from "node:assert/strict";
import { commandRelatesTo } from "../../../core/evidence/command_relevance.ts";

Deno.test("commandRelatesTo(): a shared word relates; true, exit 0 and shell noise relate to nothing", () => {
  assert.equal(commandRelatesTo("deno task test", "all tests pass"), true);
  assert.equal(commandRelatesTo("cargo build --release", "the release build works"), true);
  assert.equal(commandRelatesTo("true", "the parser handles UTF-8"), false);
  assert.equal(commandRelatesTo("sh -c 'exit 0'", "the migration is reversible"), false);
  assert.equal(commandRelatesTo("bash -c true", "bash scripts are gone"), false);
});
