/**
 * `deno task pack` writes `dist/baton-<version>.tgz`: an npm package whose
 * `baton` command runs this baton with the pinned Deno from the `deno` npm
 * package (a dependency), so `npm install -g baton-<version>.tgz` on a
 * machine with only Node and npm gives a `baton` that works from any
 * directory and shell. Only run-time files go in: the entry, core/,
 * commands/, the built WASM module and its loader, skills/ and the
 * integrations' texts, with a deno.json that imports only the run-time npm
 * packages and the lock that pins them. Build tools, tests, docs and the
 * toolchain stay out.
 *
 * Decisions:
 * - The launcher (`bin/baton.cjs`) names itself in BATON_LAUNCHER, so the
 *   hooks `baton install` writes call this stable command rather than a
 *   runtime path inside the package (commands/_adapters/invocation.ts).
 * - Every TypeScript module ships as JavaScript without comments or a source
 *   map (tests/_tools/emit_js.ts says why and what a stack trace loses), so
 *   the package runs `main.js`: its peak RSS at 50k files is about 2 MiB
 *   under `deno run main.ts`'s (the facts bench measures both).
 * - The package's lock is this checkout's lock pruned to the run-time graph
 *   (made by `deno cache` in the staging folder) and frozen: the package
 *   never writes it at run time (a global install is often read-only), and a
 *   package a registry serves differently from the lock is refused.
 * @module
 */
import { VERSION } from "../../core/version.ts";
import { emitJs, jsName } from "./emit_js.ts";

/** npm packages baton imports at run time (everything else in deno.json is for building or testing). */
export const RUNTIME_PACKAGES = [
  "zod",
  "isomorphic-git",
  "yaml",
  "jsonc-parser",
  "diff",
  "smol-toml",
];

/** Files and folders copied into the package, relative to the repository root. */
const INCLUDE_DIRS = ["core", "commands", "skills", "integrations"];
const INCLUDE_FILES = ["main.ts", "wasm/mod.ts", "wasm/_generated.ts", "deno.lock", "README.md"];
/**
 * Kept out even inside an included folder. Tests live under tests/, which is
 * never included: a module whose name ends in `_test.ts` inside core/ is a
 * run-time module (core/transcript/ran_no_test.ts), not a test.
 */
const EXCLUDE = /(^|\/)(node_modules|\.[^/]+)(\/|$)/;

const ROOT = new URL("../../", import.meta.url).pathname;

function walk(dir: string, out: string[]): void {
  for (const e of Deno.readDirSync(`${ROOT}${dir}`)) {
    const rel = `${dir}/${e.name}`;
    if (EXCLUDE.test(rel)) continue;
    if (e.isDirectory) walk(rel, out);
    else if (e.isFile) out.push(rel);
  }
}

/** Every repository-relative source file the package carries (package.json and the launcher aside). */
export function packageFiles(): string[] {
  const out = [...INCLUDE_FILES];
  for (const d of INCLUDE_DIRS) walk(d, out);
  return out.sort();
}

/** The name a source file ships under: a TypeScript module as its JavaScript. */
export function shippedName(rel: string): string {
  return rel.endsWith(".ts") ? jsName(rel) : rel;
}

/** Writes one source file into the package: a TypeScript module as its emitted JavaScript, else a copy. */
async function stageFile(rel: string, stage: string): Promise<void> {
  const to = `${stage}/${shippedName(rel)}`;
  await Deno.mkdir(to.slice(0, to.lastIndexOf("/")), { recursive: true });
  if (!rel.endsWith(".ts")) return await Deno.copyFile(`${ROOT}${rel}`, to);
  await Deno.writeTextFile(to, emitJs(await Deno.readTextFile(`${ROOT}${rel}`), rel));
}

/** The package's deno.json: the run-time imports only, no lock writes. */
export function packageDenoJson(
  source: { imports: Record<string, string>; unstable?: string[] },
  frozen: boolean,
): Record<string, unknown> {
  const imports: Record<string, string> = {};
  for (const name of RUNTIME_PACKAGES) {
    const spec = source.imports[name];
    if (spec === undefined) throw new Error(`deno.json has no import for ${name}`);
    imports[name] = spec;
  }
  return {
    name: "baton",
    version: VERSION,
    nodeModulesDir: "none",
    unstable: source.unstable ?? [],
    lock: { path: "./deno.lock", frozen },
    imports,
  };
}

/**
 * The run-time flags of deno.json's `baton` task (the same flags every
 * invocation of baton uses; a test keeps commands/_adapters/invocation.ts
 * equal to them).
 */
export function batonTaskFlags(task: string): string[] {
  const words = task.split(/\s+/);
  return words.slice(words.indexOf("run") + 1, words.indexOf("main.ts"));
}

/** The launcher: starts the pinned Deno on this package's main.js, passing everything through. */
export function launcherSource(flags: readonly string[]): string {
  return `#!/usr/bin/env node
// The baton command of the npm package: runs baton with the Deno runtime of the "deno" npm
// package (a dependency), names itself in BATON_LAUNCHER so hooks call this stable command, and
// passes arguments, standard streams, the exit status and signals through. Written by deno task pack.
"use strict";
const path = require("node:path");
const fs = require("node:fs");
const { spawn } = require("node:child_process");

const root = path.join(__dirname, "..");
const denoDir = path.dirname(require.resolve("deno/package.json"));
let deno = path.join(denoDir, process.platform === "win32" ? "deno.exe" : "deno");
if (!fs.existsSync(deno)) deno = require(path.join(denoDir, "install_api.cjs")).runInstall();

const flags = ${JSON.stringify(flags)};
const args = ["run", ...flags, "--config=" + path.join(root, "deno.json"), path.join(root, "main.js")];
const launcher = path.resolve(process.argv[1]);
const child = spawn(deno, [...args, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, BATON_LAUNCHER: launcher, DENO_NO_UPDATE_CHECK: "1" },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (e) => {
  process.stderr.write("baton: cannot start the Deno runtime: " + e.message + "\\n");
  process.exit(70);
});
child.on("exit", (code, signal) => {
  if (signal !== null) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
`;
}

/** package.json of the npm package. */
export function packageJson(denoVersion: string): Record<string, unknown> {
  return {
    name: "baton",
    version: VERSION,
    description:
      "Continuity for AI coding agents across context compaction, crashes and tool switches",
    license: "MIT",
    bin: { baton: "bin/baton.cjs" },
    engines: { node: ">=18" },
    dependencies: { deno: denoVersion },
  };
}

/** Thrown when the staged package's module graph cannot be cached (Deno's own words are on stderr). */
export class PackError extends Error {
  constructor() {
    super("deno cache failed in the staged package");
    this.name = "PackError";
  }
}

/**
 * Writes the package's files into the empty folder `stage`: the run-time
 * modules as JavaScript, deno.json with its pruned and frozen lock,
 * package.json and the launcher. The facts bench runs the same staged form.
 *
 * @returns How many files it wrote.
 */
export async function stagePackage(stage: string): Promise<number> {
  const source = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const toolchain = JSON.parse(await Deno.readTextFile(`${ROOT}toolchain/package.json`));
  const denoVersion: string = toolchain.devDependencies.deno;
  const files = packageFiles();
  for (const rel of files) await stageFile(rel, stage);
  const denoJson = (frozen: boolean) =>
    Deno.writeTextFile(
      `${stage}/deno.json`,
      JSON.stringify(packageDenoJson(source, frozen), null, 2) + "\n",
    );
  await denoJson(false);
  // package.json first: Deno records a package.json beside deno.json in the lock too.
  await Deno.writeTextFile(
    `${stage}/package.json`,
    JSON.stringify(packageJson(denoVersion), null, 2) + "\n",
  );
  // Prune the lock to what the run-time graph uses (the hook worker is loaded by URL).
  const cache = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--quiet", "main.js", "commands/_adapters/hook_worker.js"],
    cwd: stage,
    stderr: "piped",
  }).output();
  if (!cache.success) {
    Deno.stderr.writeSync(cache.stderr);
    throw new PackError();
  }
  await denoJson(true);
  await Deno.mkdir(`${stage}/bin`);
  await Deno.writeTextFile(
    `${stage}/bin/baton.cjs`,
    launcherSource(batonTaskFlags(source.tasks.baton)),
    { mode: 0o755 },
  );
  return files.length + 3;
}

async function main(argv: string[]): Promise<number> {
  const outAt = argv.indexOf("--out");
  if (argv.some((a, i) => a !== "--out" && i !== outAt + 1) || (outAt >= 0 && !argv[outAt + 1])) {
    console.error("Usage: deno task pack [--out DIR]   (default DIR: dist/ of this checkout)");
    return 2;
  }
  const outDir = outAt >= 0 ? argv[outAt + 1]! : `${ROOT}dist`;
  const toolchain = JSON.parse(await Deno.readTextFile(`${ROOT}toolchain/package.json`));
  const denoVersion: string = toolchain.devDependencies.deno;
  const stage = await Deno.makeTempDir({ prefix: "baton-pack-" });
  try {
    let count: number;
    try {
      count = await stagePackage(stage);
    } catch (e) {
      if (e instanceof PackError) return 1;
      throw e;
    }
    await Deno.mkdir(outDir, { recursive: true });
    const npm = Deno.build.os === "windows" ? "npm.cmd" : "npm";
    const out = await new Deno.Command(npm, {
      args: ["pack", "--silent", "--pack-destination", outDir],
      cwd: stage,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) {
      Deno.stderr.writeSync(out.stderr);
      return 1;
    }
    const name = new TextDecoder().decode(out.stdout).trim().split("\n").pop()!;
    const size = (await Deno.stat(`${outDir}/${name}`)).size;
    console.log(
      `${outDir}/${name}: ${count} files, ${
        (size / 1024).toFixed(0)
      } KiB packed (Deno ${denoVersion} comes from npm as a dependency)`,
    );
    return 0;
  } finally {
    await Deno.remove(stage, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
