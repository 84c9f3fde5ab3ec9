/**
 * The unzip record against the real UnZip: every form the classifier calls
 * read-only leaves the directory and the archive as they were when the
 * real unzip runs it, and the forms that extract or touch the archive are
 * not read-only. Skipped where unzip is not installed.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";

/** CRC-32 (the zip polynomial). */
function crc32(data: Uint8Array): number {
  let c = ~0;
  for (const b of data) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A zip archive holding one stored (uncompressed) file. */
function storedZip(name: string, content: string): Uint8Array {
  const n = new TextEncoder().encode(name);
  const d = new TextEncoder().encode(content);
  const crc = crc32(d);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 10, true);
  local.setUint16(10, 0x0000, true); // time
  local.setUint16(12, 0x2821, true); // 2000-01-01
  local.setUint32(14, crc, true);
  local.setUint32(18, d.length, true);
  local.setUint32(22, d.length, true);
  local.setUint16(26, n.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 0x031e, true);
  central.setUint16(6, 10, true);
  central.setUint16(14, 0x2821, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, d.length, true);
  central.setUint32(24, d.length, true);
  central.setUint16(28, n.length, true);
  central.setUint32(38, 0o100644 << 16, true);
  const localSize = 30 + n.length + d.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + n.length, true);
  end.setUint32(16, localSize, true);
  const parts = [
    new Uint8Array(local.buffer),
    n,
    d,
    new Uint8Array(central.buffer),
    n,
    new Uint8Array(end.buffer),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** [environment for the command, unzip's argv]: forms the classifier has a verdict on. */
const FORMS: readonly [Record<string, string>, string[]][] = [
  [{}, ["-l", "a.zip"]],
  [{}, ["-t", "a.zip"]],
  [{}, ["-v", "a.zip"]],
  [{}, ["-ql", "a.zip"]],
  [{}, ["-Z", "a.zip"]],
  [{}, ["-Z1", "a.zip"]],
  [{}, ["-l", "a.zip", "-x", "b.txt"]],
  [{}, ["a.zip"]],
  [{}, ["-l", "--l", "a.zip"]],
  [{}, ["-q-", "-l", "a.zip"]],
  [{ UNZIP: "--" }, ["-l", "a.zip"]],
  [{ UNZIPOPT: "--" }, ["-l", "a.zip"]],
  [{}, ["a.zip", "a.txt", "-l"]],
  [{}, ["-lT", "a.zip"]],
];

Deno.test({
  name:
    "unzip: every form called read_only leaves the directory and archive alone under the real unzip",
  ignore: !programRuns("unzip", ["-v"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      let extracting = 0;
      for (const [env, argv] of FORMS) {
        const zip = `${dir}/a.zip`;
        await Deno.writeFile(zip, storedZip("a.txt", "hello\n"));
        await Deno.utime(zip, 1_000_000_000, 1_000_000_000);
        await Deno.remove(`${dir}/a.txt`).catch(() => {});
        await new Deno.Command("unzip", {
          args: argv,
          cwd: dir,
          clearEnv: true,
          env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", ...env },
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output();
        const extracted = await Deno.stat(`${dir}/a.txt`).then(() => true, () => false);
        const touched = (await Deno.stat(zip)).mtime?.getTime() !== 1_000_000_000_000;
        const prefix = Object.entries(env).map(([k, v]) => `${k}=${v} `).join("");
        const cls = classifyCommand(`${prefix}unzip ${argv.join(" ")}`).class;
        const wrote = extracted || touched;
        if (wrote) extracting++;
        assert.ok(
          !(wrote && cls === "read_only"),
          `unzip ${argv.join(" ")} with ${prefix}: wrote, classified ${cls}`,
        );
        // Positive control: forms the real unzip leaves alone are read_only unless options come from the environment.
        if (!wrote && prefix === "") assert.equal(cls, "read_only", argv.join(" "));
      }
      // The oracle can fail: several forms really extract or touch the archive.
      assert.ok(extracting >= 5, `${extracting} forms wrote`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
