/**
 * Run as a script in a repository: scans its work tree once (scanWorktree
 * over the test fs, HEAD unborn, no untracked walk) and prints how many
 * entries changed. tests/core/facts/worktree/scan_memory_test.ts starts it
 * with V8's --trace-opt to see which functions the scan has optimized.
 * @module
 */
import { scanWorktree } from "../../core/facts/worktree/scan.ts";
import { TestFs } from "./fs.ts";
import { catFileReader } from "./worktree_objects.ts";

if (import.meta.main) {
  const dir = Deno.cwd();
  const objects = catFileReader(dir);
  try {
    const status = await scanWorktree(
      new TestFs(),
      { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` },
      { headTreeOid: null, objects, untracked: false },
    );
    console.log(`entries ${status.entries.length}`);
  } finally {
    await objects.close();
  }
}
