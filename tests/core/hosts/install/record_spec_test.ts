// Tests for core/hosts/install/record_spec.ts, and the claim behind the host
// records: a host that needs nothing special is one record. A made-up host,
// declared only as a record here, gets an install plan (its skill and its
// hook file with baton's hooks under its own event names), hook handling
// (its native events mapped, its output shape and cap), and its transcripts
// listed and read from its store, through the same code the real hosts use.

import assert from "node:assert/strict";
import type { HostRecord } from "../../../../core/hosts/record.ts";
import { recordSpec } from "../../../../core/hosts/install/record_spec.ts";
import { planInstall } from "../../../../core/hosts/install/plan.ts";
import { applyPlans } from "../../../../core/hosts/install/apply_plan.ts";
import { nativeEventsOf } from "../../../../core/hosts/native_events.ts";
import { renderContext } from "../../../../core/hosts/hook_output.ts";
import { listRecordSessions, loadSession } from "../../../../core/transcript/session_stores.ts";
import type { ByteWindow, TranscriptStoreIo } from "../../../../core/transcript/store_io.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { claudeTranscript, REQUEST } from "../../../_helpers/transcripts.ts";

/** A host no baton knows: Claude Code-like transcripts, its own names everywhere else. */
const FAKE: HostRecord = {
  id: "fakehost",
  label: "Fake Host",
  sessionLabel: "Fake",
  install: {
    support: "hooks",
    projectDir: ".fake",
    userDir: { env: "FAKE_HOME", envJoin: "", home: ".fake" },
    hookFile: { path: "hooks.json", shape: "flat" },
    hooks: ["session-start", "pre-compact", "post-tool"],
    hookNote: "onBegin loads the briefing",
    notes: ["Fake Host reads its hooks at start"],
  },
  events: {
    "session-start": ["onBegin"],
    "pre-compact": ["onSqueeze"],
    "post-tool": ["onToolDone"],
    stop: ["onIdle"],
  },
  payload: { event: "event", sessionId: "sid", transcriptPath: "log", cwd: "dir" },
  output: { shape: "snake", injectionCapChars: 4_000, stopAck: false },
  deny: "decision",
  tools: { read: ["look"], edit: ["change"], shell: ["run"] },
  projectDirEnv: "FAKE_PROJECT_DIR",
  transcript: {
    formats: ["claude-code"],
    idPrefix: "fake",
    root: { kind: "home", env: "FAKE_HOME", home: ".fake" },
    sessions: "projects",
    layout: "claude-projects",
    confidence: "guessed",
    checkedAgainst: "this test",
  },
};

Deno.test("a host that is only a record installs its skill and its hooks under its own event names", async () => {
  await using dir = await tempDir("baton-fakehost-");
  const project = `${dir.path}/repo`;
  await Deno.mkdir(project);
  const fs = new TestFs();
  const plan = await planInstall(fs, recordSpec(FAKE), {
    scope: "project",
    env: { projectRoot: project, home: `${dir.path}/home`, env: () => undefined },
    content: {
      invocation: ["/opt/baton"],
      skill: "---\nname: baton\n---\nskill text\n",
      prompts: [],
    },
  });
  assert.deepEqual(plan.changes.map((c) => c.action), ["create", "create"]);
  assert.ok(plan.notes.includes("Fake Host reads its hooks at start"));
  await applyPlans(fs, [plan], { keepDirs: [project] });
  const hooks = JSON.parse(await Deno.readTextFile(`${project}/.fake/hooks.json`)).hooks;
  assert.deepEqual(Object.keys(hooks).sort(), ["onBegin", "onSqueeze", "onToolDone"]);
  assert.equal(hooks.onBegin[0].command, "/opt/baton hook session-start --host fakehost");
  assert.equal(hooks.onToolDone[0].command, "/opt/baton hook post-tool --host fakehost");
  assert.ok(!("onIdle" in hooks), "an accepted name that is not registered stays out");
  assert.ok((await Deno.readTextFile(`${project}/.fake/skills/baton/SKILL.md`)).includes("skill"));
});

Deno.test("a host that is only a record has its events mapped and its output shaped", () => {
  const events = nativeEventsOf([FAKE]);
  assert.deepEqual(events, {
    onBegin: "session-start",
    onSqueeze: "pre-compact",
    onToolDone: "post-tool",
    onIdle: "stop",
  });
  assert.equal(
    renderContext(FAKE, "session-start", "briefing"),
    '{"additional_context":"briefing"}\n',
  );
  // Positive control: the same text in a nested host's shape names the native event.
  const nested: HostRecord = { ...FAKE, output: { ...FAKE.output, shape: "nested" } };
  assert.equal(
    JSON.parse(renderContext(nested, "post-tool", "x")).hookSpecificOutput.hookEventName,
    "onToolDone",
  );
});

function storeIo(home: string): TranscriptStoreIo {
  const window = async (path: string, max: number) => {
    try {
      const bytes = await Deno.readFile(path);
      const part = bytes.subarray(0, max);
      return { bytes: part, fileBytes: bytes.length, complete: part.length === bytes.length };
    } catch {
      return null;
    }
  };
  return {
    fs: new TestFs(),
    env: () => undefined,
    home,
    os: "linux",
    now: () => new Date(0),
    readHead: (path, max): Promise<ByteWindow | null> => window(path, max),
    openReadOnlyDb: () => Promise.resolve(null),
  };
}

Deno.test("a host that is only a record has its sessions listed and read from its store", async () => {
  await using dir = await tempDir("baton-fakehost-");
  const home = dir.path;
  const sessions = `${home}/.fake/projects/-work-repo`;
  await Deno.mkdir(sessions, { recursive: true });
  await Deno.writeTextFile(`${sessions}/s-1.jsonl`, claudeTranscript("s-1", "/work/repo"));
  const io = storeIo(home);
  const listed = await listRecordSessions(io, FAKE, null);
  assert.equal(listed.length, 1);
  assert.equal(listed[0]!.id, "fake:s-1");
  assert.equal(listed[0]!.host, "fakehost");
  assert.equal(listed[0]!.project, "/work/repo");
  const loaded = await loadSession(io, listed[0]!, 20, FAKE);
  assert.ok(loaded !== null);
  assert.equal(loaded.parsed.turns[0]?.kind, "user");
  assert.ok(JSON.stringify(loaded.parsed.turns).includes(REQUEST));
  // Positive control: scoped to another project, nothing is listed.
  assert.deepEqual(await listRecordSessions(io, FAKE, "/elsewhere"), []);
});
