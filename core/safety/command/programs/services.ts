/**
 * systemd and its kin: systemctl, journalctl, hostnamectl, timedatectl.
 * Read-only: status, listing and showing; not starting, stopping,
 * enabling, vacuuming logs or setting a property. Pure.
 * @module
 */
import {
  type Findings,
  type Invocation,
  operands,
  operandsSkipping,
  type ValueOptions,
} from "../invocation.ts";
import type { ProgramRecord } from "./_record.ts";

/** systemctl options that take a value. */
export const SYSTEMCTL_VALUES: ValueOptions = {
  value: "pPHMtsno",
  longValue: [
    "property",
    "host",
    "machine",
    "type",
    "state",
    "signal",
    "kill-whom",
    "kill-value",
    "lines",
    "output",
    "root",
    "image",
    "job-mode",
    "what",
    "timestamp",
    "reboot-argument",
    "boot-loader-entry",
    "boot-loader-menu",
    "message",
    "preset-mode",
    "drop-in",
    "when",
    "image-policy",
    "check-inhibitors",
  ],
};
/** Firewall and security services: stopping or disabling one turns a control off. */
export const SECURITY_UNITS =
  /^(?:firewalld|ufw|iptables|ip6tables|nftables|apparmor|auditd|fail2ban|selinux|falco|clamav\S*|crowdstrike\S*|falcon-sensor|osqueryd|wazuh\S*)(?:\.service)?$/;

/** Verbs that make a unit start on its own. */
const PERSIST_VERBS = new Set([
  "enable",
  "link",
  "preset",
  "reenable",
  "set-default",
  "edit",
  "revert",
  "add-wants",
  "add-requires",
]);

function systemctlJudge({ argv }: Invocation, _parsed: unknown, out: Findings): void {
  const ops = operandsSkipping(argv, SYSTEMCTL_VALUES);
  const verb = ops[0] ?? "";
  if (PERSIST_VERBS.has(verb)) {
    out.dangerous("persistence", `systemctl ${verb}: makes a unit start on its own`);
  }
  if (
    /^(?:poweroff|reboot|halt|kexec|emergency|rescue|isolate|suspend|hibernate|soft-reboot)$/
      .test(verb)
  ) {
    out.dangerous("mass_kill_shutdown", "systemctl: shuts down, restarts or isolates the machine");
  }
  if (
    /^(?:stop|disable|mask|kill)$/.test(verb) && ops.slice(1).some((u) => SECURITY_UNITS.test(u))
  ) {
    out.dangerous("security_off", "systemctl: stops or disables a firewall or security service");
  }
}

/** systemctl. */
export const SYSTEMCTL: ProgramRecord = {
  names: ["systemctl"],
  longMatch: "prefix",
  options: [
    // -H runs the command on another machine over ssh (-M, a local container, only reads).
    { long: ["host"], short: "H", arity: "value", effect: "network" },
    { long: ["machine"], short: "M", arity: "value" },
  ],
  readOnly: ({ argv }: Invocation) =>
    /^(?:status|list-units|list-unit-files|list-timers|list-sockets|is-active|is-enabled|is-failed|show|cat|list-dependencies|--version)$/
      .test(operandsSkipping(argv, SYSTEMCTL_VALUES)[0] ?? ""),
  families: ["persistence", "security_off", "mass_kill_shutdown"],
  judge: systemctlJudge,
};

/** journalctl: vacuuming, rotating and flushing change the journal. */
export const JOURNALCTL: ProgramRecord = {
  names: ["journalctl"],
  longMatch: "prefix",
  options: [
    {
      long: [
        "vacuum-size",
        "vacuum-time",
        "vacuum-files",
        "rotate",
        "flush",
        "sync",
        "setup-keys",
        "relinquish-var",
        "smart-relinquish-var",
        "update-catalog",
        "cursor-file",
      ],
      arity: "optional",
      effect: "state",
    },
    {
      long: [
        "unit",
        "user-unit",
        "identifier",
        "priority",
        "since",
        "until",
        "lines",
        "output",
        "boot",
        "directory",
        "file",
        "root",
        "grep",
      ],
      short: "utpSUnobDg",
      arity: "value",
    },
  ],
  readOnly: "always",
};

/** hostnamectl: without an operand a property is read; with one it is set. */
export const HOSTNAMECTL: ProgramRecord = {
  names: ["hostnamectl"],
  longMatch: "prefix",
  options: [],
  readOnly: ({ argv }) => {
    const ops = operands(argv);
    return ops.length === 0 || ops[0] === "status" ||
      (ops.length === 1 && ["hostname", "icon-name", "chassis", "deployment", "location"]
        .includes(ops[0]!));
  },
};

/** timedatectl. */
export const TIMEDATECTL: ProgramRecord = {
  names: ["timedatectl"],
  longMatch: "prefix",
  options: [],
  readOnly: ({ argv }) =>
    /^(?:status|show|show-timesync|timesync-status|list-timezones)?$/.test(
      operands(argv)[0] ?? "",
    ),
};
