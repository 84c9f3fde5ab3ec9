/**
 * Shell completion scripts for bash, zsh, fish and PowerShell, rendered from
 * the completion table (commands/_cli/completion_table.ts, which `deno task
 * gen` generates from the command table: every command, its summary and its
 * flags), so a new command or flag completes without anyone editing a
 * script. Words that name things complete too: host names after `install`,
 * `uninstall` and `--host`, shells after `completions`, command names after
 * `help`. Pure.
 *
 * Decisions:
 * - Every word written into a script comes from baton's own tables, and is
 *   checked against a plain-word pattern before it is written, so no table
 *   entry can break out of the script's quoting.
 * @module
 */

/** One command as completion sees it. */
export interface CompletionCommand {
  name: string;
  summary: string;
  flags: { name: string; short?: string; takesValue: boolean; summary: string }[];
}

/** The shells a script is rendered for. */
export const SHELLS = ["bash", "zsh", "fish", "powershell"] as const;
/** A shell a script is rendered for. */
export type Shell = typeof SHELLS[number];

/** What completes the positional words of some commands. */
export interface CompletionWords {
  hosts: readonly string[];
}

const WORD = /^[a-z0-9][a-z0-9-]*$/;

function words(list: readonly string[]): string[] {
  for (const w of list) {
    if (!WORD.test(w)) {
      throw new Error(`not a plain word for a completion script: ${w.length} chars`);
    }
  }
  return [...list];
}

/** Summaries are prose: keep them to characters every shell's quoting treats as text. */
function prose(text: string): string {
  return text.replace(/[^A-Za-z0-9 .,:;()/<>=+_-]/g, " ").replace(/\s+/g, " ").trim();
}

function positionals(name: string, table: readonly CompletionCommand[], w: CompletionWords) {
  if (name === "install" || name === "uninstall") return words(w.hosts);
  if (name === "completions") return words(SHELLS);
  if (name === "help") return words(table.map((c) => c.name));
  return [];
}

function flagWords(c: CompletionCommand): string[] {
  const out: string[] = [];
  for (const f of c.flags) {
    out.push(`--${words([f.name])[0]}`);
    if (f.short !== undefined) out.push(`-${words([f.short])[0]}`);
  }
  return [...out, "--help"];
}

function valueFlags(table: readonly CompletionCommand[]): string[] {
  const set = new Set<string>();
  for (const c of table) for (const f of c.flags) if (f.takesValue) set.add(`--${f.name}`);
  return [...set].sort();
}

function bash(table: readonly CompletionCommand[], w: CompletionWords): string {
  const names = words([...table.map((c) => c.name), "help"]);
  const cases = [...table, { name: "help", summary: "", flags: [] }].map((c) =>
    `    ${c.name}) opts="${flagWords(c).join(" ")}"; vals="${
      positionals(c.name, table, w).join(" ")
    }" ;;`
  );
  return `# bash completion for baton (baton completions bash). Load it with
#   source <(baton completions bash)
# or save it as ~/.local/share/bash-completion/completions/baton.
_baton() {
  local cur prev cmd opts vals
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${names.join(" ")} --help --version" -- "$cur") )
    return 0
  fi
  cmd="\${COMP_WORDS[1]}"
  case "$prev" in
    --host) COMPREPLY=( $(compgen -W "${words(w.hosts).join(" ")}" -- "$cur") ); return 0 ;;
    ${valueFlags(table).join("|")}) COMPREPLY=(); return 0 ;;
  esac
  case "$cmd" in
${cases.join("\n")}
    *) opts="--help"; vals="" ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
  else
    COMPREPLY=( $(compgen -W "$vals" -- "$cur") )
  fi
  return 0
}
complete -o default -F _baton baton
`;
}

function zsh(table: readonly CompletionCommand[], w: CompletionWords): string {
  const described = table.map((c) => `    '${c.name}:${prose(c.summary)}'`);
  const cases = table.map((c) => {
    const flags = c.flags.map((f) => {
      const value = f.name === "host"
        ? `:host:(${words(w.hosts).join(" ")})`
        : f.takesValue
        ? ":value:_files"
        : "";
      return `'--${f.name}[${prose(f.summary)}]${value}'`;
    });
    const pos = positionals(c.name, table, w);
    const rest = pos.length > 0 ? `'*:word:(${pos.join(" ")})'` : "'*:file:_files'";
    return `    ${c.name}) _arguments ${[...flags, "'--help[Show help]'", rest].join(" ")} ;;`;
  });
  return `#compdef baton
# zsh completion for baton (baton completions zsh). Save it as _baton in a directory on $fpath
# (for example ~/.zfunc, with fpath+=~/.zfunc before compinit in ~/.zshrc).
_baton() {
  local -a commands
  commands=(
${described.join("\n")}
    'help:Show help for a command'
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'baton command' commands
    return
  fi
  local cmd="\${words[2]}"
  shift words
  (( CURRENT-- ))
  case "$cmd" in
${cases.join("\n")}
    help) _arguments '*:command:(${words(table.map((c) => c.name)).join(" ")})' ;;
  esac
}
_baton "$@"
`;
}

function fish(table: readonly CompletionCommand[], w: CompletionWords): string {
  const lines = [
    "# fish completion for baton (baton completions fish). Save it as",
    "# ~/.config/fish/completions/baton.fish.",
    "complete -c baton -f",
  ];
  for (const c of table) {
    lines.push(
      `complete -c baton -n __fish_use_subcommand -a ${c.name} -d '${prose(c.summary)}'`,
    );
  }
  lines.push("complete -c baton -n __fish_use_subcommand -a help -d 'Show help for a command'");
  for (const c of table) {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    for (const f of c.flags) {
      const short = f.short === undefined ? "" : ` -s ${words([f.short])[0]}`;
      const value = f.name === "host"
        ? ` -r -a '${words(w.hosts).join(" ")}'`
        : f.takesValue
        ? " -r -F"
        : "";
      lines.push(
        `complete -c baton ${when} -l ${words([f.name])[0]}${short}${value} -d '${
          prose(f.summary)
        }'`,
      );
    }
    const pos = positionals(c.name, table, w);
    if (pos.length > 0) lines.push(`complete -c baton ${when} -a '${pos.join(" ")}'`);
  }
  return lines.join("\n") + "\n";
}

function powershell(table: readonly CompletionCommand[], w: CompletionWords): string {
  const entries = table.map((c) =>
    `    '${c.name}' = @{ summary = '${prose(c.summary)}'; flags = @(${
      flagWords(c).map((f) => `'${f}'`).join(", ")
    }); words = @(${positionals(c.name, table, w).map((p) => `'${p}'`).join(", ")}) }`
  );
  return `# PowerShell completion for baton (baton completions powershell). Add it to your profile:
#   baton completions powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName baton, baton.exe -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $table = @{
${entries.join("\n")}
  }
  $hosts = @(${words(w.hosts).map((h) => `'${h}'`).join(", ")})
  $elements = @($commandAst.CommandElements | ForEach-Object { $_.ToString() })
  $index = $elements.Count
  if ($wordToComplete -ne '') { $index-- }
  $candidates = @()
  if ($index -le 1) {
    $candidates = @($table.Keys | Sort-Object) + @('help')
  } else {
    $cmd = $elements[1]
    $prev = $elements[$index - 1]
    if ($prev -eq '--host') { $candidates = $hosts }
    elseif ($cmd -eq 'help') { $candidates = @($table.Keys | Sort-Object) }
    elseif ($table.ContainsKey($cmd)) {
      if ($wordToComplete.StartsWith('-')) { $candidates = $table[$cmd].flags }
      else { $candidates = $table[$cmd].words }
    }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
`;
}

/**
 * The completion script for `shell`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderCompletions } from "./completions.ts";
 * const table = [{ name: "load", summary: "Print the briefing", flags: [{ name: "json", takesValue: false, summary: "JSON" }] }];
 * assert.match(renderCompletions("bash", table, { hosts: ["codex"] }), /load\) opts="--json --help"/);
 * ```
 */
export function renderCompletions(
  shell: Shell,
  table: readonly CompletionCommand[],
  w: CompletionWords,
): string {
  const checked = table.map((c) => ({ ...c, name: words([c.name])[0]! }));
  switch (shell) {
    case "bash":
      return bash(checked, w);
    case "zsh":
      return zsh(checked, w);
    case "fish":
      return fish(checked, w);
    case "powershell":
      return powershell(checked, w);
  }
}
