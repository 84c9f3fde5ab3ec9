/**
 * `deno task install` puts a `baton` command for this checkout into a user
 * bin directory (`BATON_INSTALL_DIR`, default ~/.local/bin; on Windows
 * `%LOCALAPPDATA%\baton\bin`). The shim names this checkout's Deno runtime
 * by its absolute path, so it works in any shell whatever PATH holds, and
 * names itself in BATON_LAUNCHER, so the hooks `baton install` writes call
 * the shim (commands/_adapters/invocation.ts). Written atomically (a
 * temporary file renamed over the old shim, never through a symbolic link).
 * Prints one line, and a second when the directory is not on PATH.
 * @module
 */

const ROOT = new URL("../../", import.meta.url).pathname.replace(/^\/([A-Za-z]:)/, "$1");

/** The run-time flags of deno.json's `baton` task. */
export function taskFlags(task: string): string[] {
  const words = task.split(/\s+/);
  return words.slice(words.indexOf("run") + 1, words.indexOf("main.ts"));
}

function shQuote(s: string): string {
  return `'${s.replaceAll("'", `'"'"'`)}'`;
}

/** The POSIX shell shim. */
export function posixShim(deno: string, flags: string[], root: string, self: string): string {
  return [
    "#!/bin/sh",
    `# baton from the checkout at ${root.replace(/[\r\n]/g, " ")} (written by deno task install)`,
    `BATON_LAUNCHER=${shQuote(self)}`,
    "export BATON_LAUNCHER",
    `exec ${shQuote(deno)} run ${flags.map(shQuote).join(" ")} ${
      shQuote(`--config=${root}deno.json`)
    } ${shQuote(`${root}main.ts`)} "$@"`,
    "",
  ].join("\n");
}

/** The Windows command shim. */
export function cmdShim(deno: string, flags: string[], root: string, self: string): string {
  return [
    "@echo off",
    `set "BATON_LAUNCHER=${self}"`,
    `"${deno}" run ${flags.join(" ")} "--config=${root}deno.json" "${root}main.ts" %*`,
    "",
  ].join("\r\n");
}

async function main(): Promise<number> {
  const windows = Deno.build.os === "windows";
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE");
  const dir = Deno.env.get("BATON_INSTALL_DIR") ??
    (windows ? `${Deno.env.get("LOCALAPPDATA")}\\baton\\bin` : `${home}/.local/bin`);
  if (!windows && home === undefined && Deno.env.get("BATON_INSTALL_DIR") === undefined) {
    console.error("deno task install: HOME is not set; set BATON_INSTALL_DIR");
    return 2;
  }
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const flags = taskFlags(config.tasks.baton);
  const target = `${dir}/${windows ? "baton.cmd" : "baton"}`;
  const text = windows
    ? cmdShim(Deno.execPath(), flags, ROOT, target)
    : posixShim(Deno.execPath(), flags, ROOT, target);
  await Deno.mkdir(dir, { recursive: true });
  const temp = `${dir}/.baton-install-${Deno.pid}`;
  await Deno.writeTextFile(temp, text, { mode: 0o755, createNew: true });
  await Deno.rename(temp, target);
  console.log(`baton: installed ${target} (runs this checkout with ${Deno.execPath()})`);
  const path = (Deno.env.get("PATH") ?? "").split(windows ? ";" : ":");
  if (!path.includes(dir)) console.log(`baton: add ${dir} to your PATH`);
  return 0;
}

if (import.meta.main) Deno.exit(await main());
