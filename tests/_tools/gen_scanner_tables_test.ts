// Tests for tests/_tools/gen_scanner_tables.ts: the check (`deno task check`)
// fails when any generated file, the module, the packed bytes it imports or the
// keyword gate's owner counts, differs from what the rules give, and `deno task
// gen` rewrites it.

import assert from "node:assert/strict";
import {
  genScannerTables,
  renderTables,
  TABLES_DATA,
  TABLES_GENERATED,
  TABLES_OWNERS,
} from "./gen_scanner_tables.ts";
import { tempDir } from "../_helpers/temp.ts";
import { SECRET_TABLES } from "../../core/safety/secrets/tables_generated.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** A root holding copies of the three generated files as committed. */
async function copyOfGenerated(root: string): Promise<void> {
  await Deno.mkdir(`${root}/core/safety/secrets`, { recursive: true });
  await Deno.copyFile(`${ROOT}${TABLES_GENERATED}`, `${root}/${TABLES_GENERATED}`);
  await Deno.copyFile(`${ROOT}${TABLES_DATA}`, `${root}/${TABLES_DATA}`);
  await Deno.copyFile(`${ROOT}${TABLES_OWNERS}`, `${root}/${TABLES_OWNERS}`);
}

/** genScannerTables with its stale-file message kept off the test output. */
function quietly<T>(f: () => T): T {
  const error = console.error;
  console.error = () => {};
  try {
    return f();
  } finally {
    console.error = error;
  }
}

Deno.test("the committed tables are the rules' own, and the module loads them as bytes", () => {
  const want = renderTables();
  assert.equal(Deno.readTextFileSync(`${ROOT}${TABLES_GENERATED}`), want.module);
  assert.deepEqual(Deno.readFileSync(`${ROOT}${TABLES_DATA}`), want.data);
  // What a process gets is the packed bytes themselves: no text to decode.
  assert.ok(SECRET_TABLES.data instanceof Uint8Array);
  assert.deepEqual(SECRET_TABLES.data, want.data);
});

Deno.test("the check fails on a changed or missing bytes file; gen rewrites it", async () => {
  await using tmp = await tempDir();
  await copyOfGenerated(tmp.path);
  // Control: the copies are current.
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), true);
  const bin = `${tmp.path}/${TABLES_DATA}`;
  const bytes = Deno.readFileSync(bin);
  bytes[bytes.length >> 1]! ^= 1;
  Deno.writeFileSync(bin, bytes);
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), false);
  Deno.writeFileSync(bin, bytes.subarray(0, bytes.length - 1));
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), false);
  Deno.removeSync(bin);
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), false);
  assert.equal(quietly(() => genScannerTables(false, tmp.path)), true);
  assert.deepEqual(Deno.readFileSync(bin), renderTables().data);
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), true);
});

Deno.test("the check fails on a changed module; gen rewrites it", async () => {
  await using tmp = await tempDir();
  await copyOfGenerated(tmp.path);
  const module = `${tmp.path}/${TABLES_GENERATED}`;
  Deno.writeTextFileSync(module, Deno.readTextFileSync(module).replace('"v4\\n', '"v3\\n'));
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), false);
  assert.equal(quietly(() => genScannerTables(false, tmp.path)), true);
  assert.equal(Deno.readTextFileSync(module), renderTables().module);
});

Deno.test("the check fails on a changed or missing owners file; gen rewrites it", async () => {
  await using tmp = await tempDir();
  await copyOfGenerated(tmp.path);
  // Control: the copies are current, and the committed owners file is the rules' own.
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), true);
  assert.deepEqual(Deno.readFileSync(`${ROOT}${TABLES_OWNERS}`), renderTables().owners);
  const owners = `${tmp.path}/${TABLES_OWNERS}`;
  const bytes = Deno.readFileSync(owners);
  bytes[0]! ^= 1;
  Deno.writeFileSync(owners, bytes);
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), false);
  Deno.removeSync(owners);
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), false);
  assert.equal(quietly(() => genScannerTables(false, tmp.path)), true);
  assert.deepEqual(Deno.readFileSync(owners), renderTables().owners);
  assert.equal(quietly(() => genScannerTables(true, tmp.path)), true);
});
