// A test file whose temp directories are all removed: the negative control
// of tests/_tools/run_tests.ts's leak check (tests/_tools/run_tests_test.ts).
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("makes temp directories through the helper", async () => {
  await using scoped = await tempDir();
  await Deno.writeTextFile(`${scoped.path}/a.txt`, "a");
  const kept = (await tempDir("baton-kept-")).path;
  await Deno.mkdir(`${kept}/sub`);
});
