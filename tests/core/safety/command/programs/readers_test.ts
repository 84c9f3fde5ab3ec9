/**
 * The reader records against the real programs: `file -z` looks inside
 * compressed files through decompressors it finds on PATH, so a directory
 * early on PATH (a repository's bin/) runs; `file` without it runs none.
 * Skipped where file is not installed.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";

/** Frame headers of formats file hands to an external decompressor when built without its library. */
const SAMPLES: Record<string, number[]> = {
  "a.zst": [0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x06, 0x31, 0x00, 0x00, 0x68, 0x69, 0x0a],
  "a.lz": [0x4c, 0x5a, 0x49, 0x50, 0x01, 0x0c, 0x00],
  "a.lz4": [0x04, 0x22, 0x4d, 0x18, 0x64, 0x40, 0xa7, 0x06, 0x00, 0x00, 0x80],
  "a.Z": [0x1f, 0x9d, 0x90, 0x68, 0x69],
};

Deno.test({
  name: "file: -z and -Z run decompressors found on PATH, so they are not read_only",
  ignore: !programRuns("file", ["--version"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      await Deno.mkdir(`${dir}/bin`);
      for (const p of ["zstd", "lz4", "lzip", "gzip", "xz", "bzip2", "uncompress"]) {
        await Deno.writeTextFile(
          `${dir}/bin/${p}`,
          `#!/bin/sh\ntouch '${dir}/ran'\ncat >/dev/null\n`,
          { mode: 0o755 },
        );
      }
      for (const [name, bytes] of Object.entries(SAMPLES)) {
        await Deno.writeFile(`${dir}/${name}`, new Uint8Array(bytes));
      }
      let ran = 0;
      for (const flags of [["-z"], ["-Z"], ["--uncompress"], ["-b"], []]) {
        await Deno.remove(`${dir}/ran`).catch(() => {});
        await new Deno.Command("file", {
          args: [...flags, ...Object.keys(SAMPLES)],
          cwd: dir,
          clearEnv: true,
          env: { PATH: `${dir}/bin:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`, HOME: dir },
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output();
        const wasRun = await Deno.stat(`${dir}/ran`).then(() => true, () => false);
        const cls = classifyCommand(`file ${[...flags, ...Object.keys(SAMPLES)].join(" ")}`).class;
        if (wasRun) ran++;
        assert.ok(!(wasRun && cls === "read_only"), `file ${flags.join(" ")} ran a decompressor`);
        // Positive control: without -z/-Z file runs nothing and stays read_only.
        if (!wasRun) assert.equal(cls, "read_only", `file ${flags.join(" ")}`);
      }
      // The oracle can fail: the real file ran a PATH decompressor for -z, -Z and --uncompress.
      assert.equal(ran, 3, `${ran} forms ran a decompressor`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
