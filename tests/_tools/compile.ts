/**
 * `deno task compile` builds the baton binary for this machine into dist/;
 * `deno task compile:all` builds all five release targets and writes
 * dist/SHA256SUMS. deno compile downloads Deno's runtime stub (denort) on
 * first use per target; when that download is impossible it says so in one
 * sentence and exits 6 instead of showing a stack trace.
 *
 * The binary embeds what the npm package ships (tests/_tools/pack.ts's
 * stagePackage, staged in a temporary folder): modules as JavaScript without
 * comments or source maps, the form that costs least resident memory.
 * @module
 */
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS } from "../_helpers/cli.ts";
import { PackError, stagePackage } from "./pack.ts";

const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
];
/**
 * The run-time settings the binary is built with: the `baton` task's
 * permissions and its V8 flags (heap and tiers;
 * commands/_adapters/invocation.ts says why each). Lazy dynamic imports are
 * a `deno run` setting: the compiled binary embeds its module graph.
 */
const RUNTIME_FLAGS = [
  ...BATON_PERMISSIONS,
  ...BATON_RUNTIME_FLAGS.filter((f) => f !== "--unstable-lazy-dynamic-imports"),
];

function outputName(target: string | null): string {
  if (target === null) return Deno.build.os === "windows" ? "dist/baton.exe" : "dist/baton";
  return `dist/baton-${target}${target.includes("windows") ? ".exe" : ""}`;
}

/**
 * The arguments of `deno compile` for one target (null: this machine).
 *
 * @param target A Rust target triple, or null.
 * @param output The binary's path.
 * @param stage The folder holding the staged package (its deno.json and main.js).
 * @returns The arguments after the deno executable.
 */
export function compileArgs(target: string | null, output: string, stage: string): string[] {
  // The hook's Worker module is loaded by URL, so deno compile must be told to embed it.
  const args = [
    "compile",
    "--quiet",
    ...RUNTIME_FLAGS,
    `--config=${stage}/deno.json`,
    "--include",
    `${stage}/commands/_adapters/hook_worker.js`,
    "--output",
    output,
  ];
  if (target !== null) args.push("--target", target);
  args.push(`${stage}/main.js`);
  return args;
}

async function compile(
  target: string | null,
  stage: string,
): Promise<{ ok: boolean; stderr: string; output: string }> {
  const output = outputName(target);
  const args = compileArgs(target, output, stage);
  const out = await new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" })
    .output();
  return { ok: out.success, stderr: new TextDecoder().decode(out.stderr), output };
}

async function sha256File(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

if (import.meta.main) {
  await Deno.mkdir("dist", { recursive: true });
  const all = Deno.args.includes("--all");
  const sums: string[] = [];
  const stage = await Deno.makeTempDir({ prefix: "baton-compile-" });
  globalThis.addEventListener("unload", () => Deno.removeSync(stage, { recursive: true }));
  try {
    await stagePackage(stage);
  } catch (e) {
    if (!(e instanceof PackError)) throw e;
    console.error("Cannot compile baton: its modules could not be staged (see above).");
    Deno.exit(1);
  }
  for (const target of all ? TARGETS : [null]) {
    const r = await compile(target, stage);
    if (!r.ok) {
      const stub = /dl\.deno\.land|denort|dns error|failed to lookup|error sending request/i.test(
        r.stderr,
      );
      console.error(
        stub
          ? `Cannot compile baton${
            target ? ` for ${target}` : ""
          }: Deno's runtime stub (denort) cannot be downloaded on this machine; set DENORT_BIN to a local denort binary or build on a machine that can reach dl.deno.land.`
          : `Cannot compile baton${
            target ? ` for ${target}` : ""
          }: deno compile failed (run it directly to see why).`,
      );
      Deno.exit(stub ? 6 : 1);
    }
    sums.push(`${await sha256File(r.output)}  ${r.output.slice("dist/".length)}`);
    console.error(`built ${r.output}`);
  }
  if (all) {
    await Deno.writeTextFile("dist/SHA256SUMS", sums.join("\n") + "\n");
    console.error("wrote dist/SHA256SUMS");
  }
}
