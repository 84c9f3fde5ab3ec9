/**
 * The npm package end to end, as a newcomer with only Node and npm meets
 * it: `deno task pack` builds the tarball, `npm install -g` puts it in a
 * temporary prefix, and its `baton` works from any directory, runs the main
 * job, and writes hooks that name that stable command (not a runtime path
 * inside the package). The package carries run-time files only, its modules
 * as JavaScript without comments or source maps (tests/_tools/emit_js.ts),
 * and answers as the source tree does.
 */
import assert from "node:assert/strict";
import { tempDir } from "../_helpers/temp.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { batonRunPrefix, MAIN } from "../_helpers/cli.ts";
import { commentsIn, relativeImports } from "../_tools/emit_js.ts";
import { packageFiles, stagePackage } from "../_tools/pack.ts";

const PACK = new URL("../_tools/pack.ts", import.meta.url).pathname;
const DEV_CONFIG = new URL("../dev.json", import.meta.url).pathname;
const ROOT_DIR = new URL("../../", import.meta.url).pathname;
const NPM = Deno.build.os === "windows" ? "npm.cmd" : "npm";

async function run(
  cmd: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string } = {},
) {
  const child = new Deno.Command(cmd, {
    args,
    cwd: options.cwd ?? Deno.cwd(),
    env: { NO_COLOR: "1", ...options.env },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/** A JSON answer without the fields that name the time of the run. */
function timeless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(timeless);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).filter(([k]) => k !== "captured_at" && k !== "age").map((
      [k, v],
    ) => [k, timeless(v)]),
  );
}

Deno.test("the npm package installs with npm and its baton runs anywhere, naming itself in hooks", async () => {
  await using work = await tempDir();
  const packed = await run(Deno.execPath(), [
    "run",
    "-A",
    "--config",
    DEV_CONFIG,
    PACK,
    "--out",
    `${work.path}/dist`,
  ]);
  assert.equal(packed.code, 0, packed.stderr);
  const tgz = [...Deno.readDirSync(`${work.path}/dist`)].map((e) => e.name);
  assert.equal(tgz.length, 1);
  assert.match(tgz[0]!, /^baton-\d+\.\d+\.\d+\.tgz$/);

  const listing = await run("tar", ["-tzf", `${work.path}/dist/${tgz[0]}`]);
  const files = listing.stdout.trim().split("\n");
  assert.ok(files.includes("package/main.js") && files.includes("package/bin/baton.cjs"));
  assert.ok(files.includes("package/commands/_adapters/hook_worker.js"), "the hook worker");
  // The scanner's packed tables, imported as bytes (core/safety/secrets/tables_generated.ts).
  assert.ok(files.includes("package/core/safety/secrets/tables_generated.bin"), "packed tables");
  for (const f of files) {
    assert.doesNotMatch(f, /^package\/(tests|toolchain|docs|wasm\/assembly)\/|_test\.ts$/, f);
    // Modules ship as JavaScript: Deno would run a .ts as its emit, comments and source map kept.
    assert.doesNotMatch(f, /\.ts$/, f);
  }
  await run("tar", ["-xzf", `${work.path}/dist/${tgz[0]}`, "-C", work.path]);
  const modules = files.filter((f) => f.endsWith(".js"));
  assert.ok(modules.length > 300, `${modules.length} modules`);
  const shipped = new Set(files);
  for (const f of modules) {
    const js = await Deno.readTextFile(`${work.path}/${f}`);
    assert.deepEqual(commentsIn(js, f), [], f);
    assert.doesNotMatch(js, /sourceMappingURL/, f);
    // Every module a shipped module imports ships too (a name ending in _test.ts was once left out).
    for (const spec of relativeImports(js)) {
      const target = new URL(spec, `file:///${f}`).pathname.slice(1);
      assert.ok(shipped.has(target), `${f} imports ${spec}, which the package lacks`);
    }
  }

  const prefix = `${work.path}/prefix`;
  const install = await run(NPM, [
    "install",
    "-g",
    "--prefix",
    prefix,
    "--no-audit",
    "--no-fund",
    `${work.path}/dist/${tgz[0]}`,
  ]);
  assert.equal(install.code, 0, install.stderr);
  const bin = `${prefix}/bin`;
  const env = { PATH: `${bin}:${Deno.env.get("PATH") ?? ""}`, HOME: `${work.path}/home` };

  const version = await run("baton", ["--version"], { cwd: work.path, env });
  assert.equal(version.code, 0, version.stderr);
  assert.match(version.stdout, /^baton \d+\.\d+\.\d+/);

  const repo = await makeRepo();
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo);
  const fin = await run("baton", ["finalize", "--draft", "-"], {
    cwd: repo,
    env,
    stdin: '{"now": "installed through npm"}',
  });
  assert.equal(fin.code, 0, fin.stderr);
  const load = await run("baton", ["load"], { cwd: repo, env });
  assert.match(load.stdout, /installed through npm/);
  // The secret scanner, whose prebuilt tables the package imports as bytes.
  const redacted = await run("baton", ["redact"], {
    cwd: repo,
    env,
    stdin: "export DB_PASSWORD=hunter2hunter2\nplain line\n",
  });
  assert.equal(redacted.code, 0, redacted.stderr);
  assert.equal(redacted.stdout, "export DB_PASSWORD=[REDACTED:env_secret]\nplain line\n");

  // The package answers as the source tree does (same home, so the same key reads the capsule).
  await writeFiles(repo, { "a.txt": "changed\n", "new.txt": "new\n" });
  for (const args of [["preflight", "--json"], ["load", "--json"]]) {
    const packaged = await run("baton", args, { cwd: repo, env });
    const source = await run(batonRunPrefix()[0]!, [...batonRunPrefix().slice(1), MAIN, ...args], {
      cwd: repo,
      env,
    });
    assert.equal(packaged.code, 0, packaged.stderr);
    assert.equal(source.code, 0, source.stderr);
    assert.deepEqual(timeless(JSON.parse(packaged.stdout)), timeless(JSON.parse(source.stdout)));
  }

  const hooks = await run("baton", ["install", "claude-code"], { cwd: repo, env });
  assert.equal(hooks.code, 0, hooks.stderr);
  const settings = await Deno.readTextFile(`${repo}/.claude/settings.local.json`);
  assert.ok(settings.includes(`${bin}/baton hook session-start`), settings);
  assert.ok(!settings.includes("main.ts"), "no runtime path inside the package");
});

/** Run in a child Deno: each module's export names and their kinds, as `{module: ["name:kind"]}`. */
const EXPORTS_SCRIPT = `
const [root, ext, ...modules] = Deno.args;
const out = {};
for (const m of modules) {
  const ns = await import(new URL(m + ext, root).href);
  out[m] = Object.keys(ns).sort().map((k) => k + ":" + typeof ns[k]);
}
console.log(JSON.stringify(out));
`;

Deno.test("every module of the package loads and exports what its TypeScript exports", async () => {
  await using work = await tempDir();
  const stage = `${work.path}/stage`;
  await Deno.mkdir(stage);
  await stagePackage(stage);
  // Every run-time module but the hook worker (a Worker's script: it expects a worker's globals).
  const modules = packageFiles().filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -".ts".length))
    .filter((m) => m !== "commands/_adapters/hook_worker");
  assert.ok(modules.length > 300, `${modules.length} modules`);
  const script = `${work.path}/exports.js`;
  await Deno.writeTextFile(script, EXPORTS_SCRIPT);
  const exportsOf = async (root: string, ext: string) => {
    const out = await run(Deno.execPath(), [
      "run",
      "-A",
      "--quiet",
      "--no-lock",
      `--config=${ROOT_DIR}deno.json`,
      script,
      `file://${root}/`,
      ext,
      ...modules,
    ]);
    assert.equal(out.code, 0, out.stderr);
    return JSON.parse(out.stdout) as Record<string, string[]>;
  };
  const packaged = await exportsOf(stage, ".js");
  const source = await exportsOf(ROOT_DIR.slice(0, -1), ".ts");
  assert.equal(Object.keys(source).length, modules.length);
  assert.ok(Object.values(source).some((names) => names.length > 0));
  assert.deepEqual(packaged, source);
});
