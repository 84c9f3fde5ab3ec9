/**
 * The one record that says everything baton knows about an agent host: its
 * id and label, where install puts its files and what install tells the
 * user, the host's native event names and the baton event each maps to, the
 * payload's field names, the output shape and injection cap, the deny
 * shape, the tool names the gate reads, the project-directory variable, and
 * the transcript format and where the host stores its sessions. One file
 * per host (core/hosts/<host>.ts), listed in core/hosts/records.ts; every
 * per-host table baton uses is derived from these records. Pure types.
 * @module
 */
import type { HookEvent } from "./events.ts";

/** How far a host's hooks are confirmed by the host's own documentation. */
export type HookSupport =
  /** Documented JSON hook config: baton registers its hooks there. */
  | "hooks"
  /** Hooks through a generated plugin module (OpenCode). */
  | "plugin"
  /**
   * No hooks that run: a marked block in a rules or context file the host
   * reads tells the agent to run `baton load` and to write a capsule.
   */
  | "rules"
  /** Formats unconfirmed: skill and command files only. */
  | "none";

/**
 * How a host takes injected context on stdout: `nested` is
 * `hookSpecificOutput.additionalContext` under the native event name;
 * `nested+top` adds a top-level `additionalContext` (Copilot CLI reads only
 * that one); `snake` is `additional_context`; `plain` is the text itself.
 */
export type OutputShape = "nested" | "nested+top" | "snake" | "plain";

/** How a host reads a deny from a pre-tool hook (rendered by core/enforce). */
export type DenyShape =
  /** `hookSpecificOutput.permissionDecision: "deny"` with a reason. */
  | "permission-decision"
  /** `{ permission: "deny", user_message, agent_message }`. */
  | "cursor-permission"
  /** `{ decision: "deny", reason }`. */
  | "decision"
  /** The plugin throws with the reason. */
  | "plugin-throw";

/** The transcript formats a host may write (each read by a parser in core/transcript). */
export type HostTranscriptFormat =
  | "claude-code"
  | "codex"
  | "gemini"
  | "gemini-json"
  | "copilot"
  | "qwen-code"
  | "pi"
  | "droid"
  | "continue-json";

/** Where a host's own data directory is. */
export type StoreRoot =
  /** `$env` when set, else `~/<home>`. */
  | { kind: "home"; env: string | null; home: string }
  /** `$XDG_DATA_HOME/<dir>`, else `~/.local/share/<dir>`. */
  | { kind: "xdg-data"; dir: string }
  /** An editor's per-user directory: `~/Library/Application Support/<app>/User` on macOS, `%APPDATA%/<app>/User` on Windows, `$XDG_CONFIG_HOME/<app>/User` elsewhere. */
  | { kind: "editor-user"; app: string };

/**
 * How a host's sessions are laid out under its store root; each layout has
 * one lister in core/transcript/session_stores.ts.
 */
export type StoreLayout =
  | "claude-projects"
  | "codex-dated"
  | "gemini-tmp"
  | "copilot-state"
  | "opencode-db"
  | "cursor-db"
  /** `<root>/<sessions>/<project>/chats/<session>.jsonl` (Qwen Code). */
  | "qwen-projects"
  /** `<root>/<sessions>/<project>/<time>_<session>.jsonl` (pi). */
  | "pi-sessions"
  /** `<root>/<sessions>/<session>.json`, one document per session (Continue CLI). */
  | "continue-sessions"
  /** baton has no reader for this host's transcripts yet: no sessions are listed. */
  | "none";

/**
 * One settings file a host reads, later ones in a list overriding earlier
 * ones: `fixed` is `$env` when set, else `path`; `user` is under the
 * user's home (`$env` when set, else `~`); `project` is under the
 * project's root.
 */
export type SettingsFile =
  | { readonly kind: "fixed"; readonly env: string; readonly path: string }
  | { readonly kind: "user"; readonly env: string | null; readonly path: string }
  | { readonly kind: "project"; readonly path: string };

/**
 * A host whose pre-compact hook cannot tell an automatic compression from
 * an ordinary model request (Gemini CLI fires PreCompress, trigger `auto`,
 * before every request, before it decides whether to compress): install
 * registers that hook for `manualMatcher` only, and the prompt hook captures
 * a capsule once the host's own token fill nears the fraction of the window
 * the host compresses at: `setting` (a path of keys) in `settingsFiles`,
 * the last file that sets a positive number winning, else
 * `defaultThreshold`.
 */
export interface CompressionRecord {
  readonly manualMatcher: string;
  readonly setting: readonly [string, ...string[]];
  readonly defaultThreshold: number;
  readonly settingsFiles: readonly SettingsFile[];
}

/** Everything baton knows about one host. */
/**
 * One place a host reads a project's hooks (or other code that can change a
 * shell call or its result) from, in each folder from the session's up to
 * the work tree's top; core/transcript/project_hooks.ts judges it.
 */
export interface ProjectHookSource {
  /** The folder (`/`-separated, relative to a project folder). */
  readonly dir: string;
  /** JSON files there (comments allowed). */
  readonly json?: readonly string[];
  /** TOML files there. */
  readonly toml?: readonly string[];
  /** Every `*.json` file directly in the folder is a hook file. */
  readonly everyJson?: boolean;
  /** Anything at all in the folder counts (code the host runs). */
  readonly anyEntry?: boolean;
  /** The hosts a handler `baton install` writes there names (`--host <id>`). */
  readonly own: readonly string[];
  /**
   * Claude Code's settings: an `env` beyond its own harmless switches counts, and so does a
   * handler under an event that gets `$CLAUDE_ENV_FILE` (SessionStart, Setup, CwdChanged, FileChanged).
   */
  readonly claudeEnv?: boolean;
  /** Plugins the settings enable count (a plugin brings hooks). */
  readonly plugins?: boolean;
  /** Skill, agent and command files whose frontmatter declares hooks count. */
  readonly components?: boolean;
}

export interface HostRecord {
  /** The id users type (`--host`), kebab-case. */
  readonly id: string;
  /** The host's name for people. */
  readonly label: string;
  /** The shorter name a briefing uses ("Written from a Codex session"). */
  readonly sessionLabel: string;
  readonly install: {
    readonly support: HookSupport;
    /** The host's config directory in a project, relative to its root. */
    readonly projectDir: string;
    /**
     * The host's config directory for the user: `$env/<envJoin>` when the
     * variable is set, else `~/<home>`.
     */
    readonly userDir: {
      readonly env: string | null;
      readonly envJoin: string;
      readonly home: string;
    };
    /**
     * The JSON hook config under the config directory and its layout
     * (`grouped`: event -> [{ matcher?, hooks }]; `flat`: event -> [handler]),
     * or null when the host takes hooks another way (a plugin).
     */
    readonly hookFile: { readonly path: string; readonly shape: "grouped" | "flat" } | null;
    /**
     * The rules or context file that gets baton's block (a host without hooks,
     * see core/hosts/install/rules_block.ts): `project` relative to the
     * repository root, `user` relative to the host's user config directory
     * (null: the host reads no such file for the user).
     */
    readonly rulesFile?: { readonly project: string; readonly user: string | null };
    /** The baton events install registers, each under `events[e][0]`. */
    readonly hooks: readonly HookEvent[];
    /**
     * The matcher of the pre-tool gate's hook (the host's shell, edit and
     * write tools in its own matcher syntax); absent: the host offers none,
     * so the gate runs on every tool call of an opted-in repository.
     */
    readonly gateMatcher?: string;
    /** One sentence doctor shows about the host's hooks. */
    readonly hookNote: string;
    /** Notes install prints for every scope. */
    readonly notes: readonly string[];
  };
  /**
   * The host's native event names per baton event: the first is the one
   * install registers; the others are accepted from a payload or a command
   * line too.
   */
  readonly events: { readonly [E in HookEvent]?: readonly [string, ...string[]] };
  /** The payload fields that carry each value. */
  readonly payload: {
    readonly event: string;
    readonly sessionId: string;
    /** null: the host names no transcript. */
    readonly transcriptPath: string | null;
    /** A string field, or an array field whose first element is the directory. */
    readonly cwd: string;
  };
  readonly output: {
    readonly shape: OutputShape;
    /** The most characters the host accepts as injected context. */
    readonly injectionCapChars: number;
    /** A stop hook must print `{}` (a JSON host). */
    readonly stopAck: boolean;
  };
  readonly deny: DenyShape;
  /** The host's tool names, as the pre-tool gate reads them. */
  readonly tools: {
    readonly read: readonly string[];
    readonly edit: readonly string[];
    readonly shell: readonly string[];
  };
  /**
   * The host's program in the real-host suite (tests/hosts/package.json pins
   * its npm package), or why the suite cannot run it there; README's host
   * list is generated from it.
   */
  readonly program?: { readonly npm: string | null; readonly notRun?: string };
  /** The variable naming the project directory in a hook, or null. */
  readonly projectDirEnv: string | null;
  /** How its automatic compression is anticipated, where its pre-compact hook cannot say. */
  readonly compression?: CompressionRecord;
  readonly transcript: {
    /** Formats of its transcript files, the usual one first; empty for a database store. */
    readonly formats: readonly HostTranscriptFormat[];
    /** The prefix of its session ids in `baton source`. */
    readonly idPrefix: string;
    readonly root: StoreRoot;
    /** The sessions' place under the root (a directory, or a database file). */
    readonly sessions: string;
    readonly layout: StoreLayout;
    readonly confidence: "verified" | "documented" | "guessed";
    /** What the reader was checked against. */
    readonly checkedAgainst: string;
    /**
     * Where the host reads a project's hooks that can rewrite a shell call or
     * its result, so that the transcript's status is that hook's word; absent:
     * none is judged.
     */
    readonly projectHooks?: readonly ProjectHookSource[];
  };
}

/**
 * The part of a record the hook's light path reads. core/hosts/_records_generated.ts
 * holds it for every host (generated from the records by `deno task gen`), so a hook
 * loads one module rather than every record.
 */
export type RuntimeRecord =
  & Pick<
    HostRecord,
    | "id"
    | "events"
    | "payload"
    | "output"
    | "deny"
    | "tools"
    | "projectDirEnv"
    | "compression"
    | "sessionLabel"
  >
  & { readonly transcript: Pick<HostRecord["transcript"], "formats"> };
