/**
 * The rustup proxies against the real rustup: in a tree whose
 * rust-toolchain.toml names a toolchain `path` inside the tree, `cargo
 * --version` and its kin run the tree's own program, so none of them is
 * read_only. Skipped where rustup is not installed (the case table holds
 * the verdicts).
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";

function hasRustup(): boolean {
  try {
    return new Deno.Command("rustup", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

/** Proxy invocations that look like they only print (the classifier judged them read_only). */
const FORMS: readonly string[][] = [
  ["cargo", "--version"],
  ["cargo", "pkgid"],
  ["cargo", "locate-project"],
  ["rustc", "--version"],
];

Deno.test({
  name: "rustup: a tree's rust-toolchain.toml makes cargo --version run the tree's own program",
  ignore: !hasRustup(),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const home = `${dir}/home`;
      await Deno.mkdir(`${dir}/tc/bin`, { recursive: true });
      await Deno.mkdir(home);
      // The tree's "toolchain": each program only leaves a marker beside itself.
      for (const p of ["cargo", "rustc"]) {
        await Deno.writeTextFile(`${dir}/tc/bin/${p}`, '#!/bin/sh\ntouch "$0.ran"\n', {
          mode: 0o755,
        });
      }
      // A relative path is refused; /proc/self/cwd is the tree wherever it was cloned.
      await Deno.writeTextFile(
        `${dir}/rust-toolchain.toml`,
        '[toolchain]\npath = "/proc/self/cwd/tc"\n',
      );
      let ran = 0;
      for (const argv of FORMS) {
        const marker = `${dir}/tc/bin/${argv[0]}.ran`;
        await Deno.remove(marker).catch(() => {});
        await new Deno.Command(argv[0]!, {
          args: argv.slice(1),
          cwd: dir,
          clearEnv: true,
          env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: home },
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output().catch(() => null);
        const wasRun = await Deno.stat(marker).then(() => true, () => false);
        if (wasRun) ran++;
        const cls = classifyCommand(argv.join(" ")).class;
        assert.ok(!(wasRun && cls === "read_only"), `${argv.join(" ")} ran the tree's program`);
      }
      // The oracle can fail: the real rustup ran the tree's program for these forms.
      assert.equal(ran, FORMS.length, `${ran} of ${FORMS.length} forms ran the tree's program`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
