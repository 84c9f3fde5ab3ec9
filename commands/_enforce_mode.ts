/**
 * Edge: the work of `baton enforce`: read and rewrite the `enforce:` key of
 * .baton/config.yaml (through npm:yaml's document API, so comments and
 * other keys stay), and clear the deny records when it is turned off.
 * @module
 */
import { parseDocument } from "yaml";
import { InputError, UsageError } from "../core/errors.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import type { Io } from "./_adapters/io.ts";
import { configPath, readBatonConfig } from "./_config.ts";
import { confirmOnTerminal } from "./_cli/confirm.ts";
import * as store from "./_enforce_store.ts";

/** What to print. */
export interface EnforceResult {
  text: string;
  json: Record<string, unknown>;
}

async function setMode(io: Io, batonDir: string, mode: "deny" | "off"): Promise<void> {
  const path = configPath(batonDir);
  const st = await io.fs.lstat(path);
  const text = st === null ? "" : new TextDecoder().decode(await io.fs.readFile(path));
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    throw new InputError(
      "Cannot change .baton/config.yaml: it does not parse (baton enforce status says where)",
      "config_invalid",
    );
  }
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  doc.set("enforce", mode);
  await io.fs.mkdirp(batonDir);
  await io.fs.writeFileAtomic(path, new TextEncoder().encode(String(doc)), { within: batonDir });
  // Parsed and cached here (whatever the cache held), so the gate finds the new mode.
  await readBatonConfig(io, batonDir, { cache: "refresh" }).catch(() => {});
}

/** Runs one action. */
export async function runEnforce(
  io: Io,
  action: "on" | "off" | "status",
  yes: boolean,
): Promise<EnforceResult> {
  const found = await findBatonLayout(io.fs, io.cwd());
  const layout = found.layout;
  const now = io.now().toISOString();
  if (action === "status") {
    let mode: string;
    let error: string | null = null;
    try {
      mode = (await readBatonConfig(io, layout.dir, { cache: "refresh" })).enforce.mode;
    } catch (e) {
      mode = "unknown";
      error = e instanceof Error ? e.message : "unreadable";
    }
    const { records, faults } = await store.readDenies(io, layout);
    const open = records.filter((r) => r.status === "open").length;
    return {
      text: `enforce: ${mode}${
        error === null ? "" : ` (${error}; the gate allows everything)`
      }\ndenies: ${records.length} (${open} open)${faults > 0 ? `, ${faults} malformed` : ""}`,
      json: { mode, config_error: error, denies: records.length, open, malformed: faults },
    };
  }
  if (action === "on") {
    if (!yes && !(await confirmOnTerminal(io, "Turn on the mutation gate for this repository?"))) {
      throw new UsageError("Not confirmed: run baton enforce on --yes, or answer y on a terminal");
    }
    await setMode(io, layout.dir, "deny");
    await store.appendManifest(io, layout, {
      at: now,
      action: "enforce",
      session: null,
      detail: { mode: "deny" },
    }).catch(() => {});
    return {
      text:
        "enforce: deny. baton handoff write can now deny a session's changes; baton enforce off (a person, at a terminal) undoes it.",
      json: { mode: "deny" },
    };
  }
  if (!(await confirmOnTerminal(io, "Turn the mutation gate off and clear every deny?"))) {
    throw new UsageError(
      "Turning enforcement off needs a person to confirm at a terminal (an agent's shell cannot); or set BATON_ENFORCE=off in the host's environment",
    );
  }
  let configWritten = true;
  try {
    await setMode(io, layout.dir, "off");
  } catch {
    configWritten = false;
  }
  const p = store.enforcePaths(layout);
  let cleared = 0;
  if ((await io.fs.lstat(p.denies)) !== null) {
    cleared = (await io.fs.readDir(p.denies)).length;
    await io.fs.rename(p.denies, `${p.dir}/cleared-${now.replace(/[-:]/g, "")}`);
  }
  await store.appendManifest(io, layout, {
    at: now,
    action: "enforce",
    session: null,
    detail: { mode: "off", cleared },
  }).catch(() => {});
  return {
    text: `enforce: off. ${cleared} deny record(s) moved aside.${
      configWritten
        ? ""
        : " .baton/config.yaml could not be changed (it does not parse); the gate allows everything while it does not."
    }`,
    json: { mode: "off", cleared, config_written: configWritten },
  };
}
