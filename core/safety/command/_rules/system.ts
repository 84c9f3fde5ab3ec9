/**
 * System rules: privilege escalation, scheduled and start-up persistence,
 * mass kill and shutdown, and disabling the firewall or other security
 * controls. Pure.
 * @module
 */
import {
  type Findings,
  hasLong,
  hasShort,
  type Invocation,
  operands,
  operandsSkipping,
} from "../invocation.ts";
import { isPrivilegeWrapper } from "../unwrap.ts";
import { SECURITY_UNITS } from "../programs/services.ts";
import { dockerArgs } from "./container.ts";
import { inAnyDir, isPersistencePath, isPrivilegePath } from "../paths.ts";

function privilegeRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  const via = inv.wrappers.find(isPrivilegeWrapper);
  if (via !== undefined) {
    out.dangerous("privilege_escalation", `${via}: runs a command with another user's privileges`);
  }
  if (
    ["sudo", "doas", "su", "pkexec", "gsudo", "runas", "sudoedit", "visudo", "runuser"].includes(p)
  ) {
    out.dangerous("privilege_escalation", `${p}: runs with another user's privileges`);
  }
  if (
    p === "start-process" &&
    argv.some((a, i) => /^-verb$/i.test(a) && /^runas$/i.test(argv[i + 1] ?? ""))
  ) {
    out.dangerous("privilege_escalation", "Start-Process -Verb RunAs: elevates to administrator");
  }
  if (
    (p === "usermod" || p === "gpasswd" || p === "adduser" || p === "addgroup") &&
    argv.some((a) => /^(?:sudo|wheel|admin|root|docker|adm|lxd|disk)$/.test(a))
  ) {
    out.dangerous("privilege_escalation", `${p}: adds a user to a privileged group`);
  }
  if (p === "dscl" && argv.some((a) => /\/groups\/admin/i.test(a))) {
    out.dangerous("privilege_escalation", "dscl: adds an administrator");
  }
  if (
    (p === "net" && /^localgroup$/i.test(argv[0] ?? "") &&
      /^administrators$/i.test(argv[1] ?? "")) ||
    (p === "add-localgroupmember" && argv.some((a) => /^administrators$/i.test(a)))
  ) {
    out.dangerous("privilege_escalation", `${p}: adds an administrator`);
  }
  if (p === "setcap") {
    out.dangerous("privilege_escalation", "setcap: grants capabilities to a binary");
  }
  if (
    (p === "docker" || p === "podman") &&
    ["run", "create", "exec"].includes(dockerArgs(argv)[0] ?? "")
  ) {
    if (
      hasLong(argv, "privileged") || argv.some((a) => /^(?:-v|--volume)=?\/:/.test(a)) ||
      argv.some((a, i) => /^(?:-v|--volume)$/.test(argv[i - 1] ?? "") && /^\/:/.test(a)) ||
      argv.some((a) => /^--pid=host$|^--cap-add=(?:all|sys_admin)$/i.test(a)) ||
      argv.some((a) => RUNTIME_SOCKET.test(a))
    ) {
      out.dangerous(
        "privilege_escalation",
        `${p}: a privileged container or the host root mounted`,
      );
    }
  }
  const privilege = (w: string) => inAnyDir(w, inv.dirs, isPrivilegePath);
  if (editedInPlace(inv).some(privilege)) {
    out.dangerous("privilege_escalation", `${p}: edits or empties a privilege file in place`);
  }
  if (p === "tee" || p === "cp" || p === "install" || p === "ln" || p === "mv") {
    if (operands(argv).slice(p === "tee" ? 0 : 1).some(privilege)) {
      out.dangerous(
        "privilege_escalation",
        `${p}: writes a privilege file (sudoers, passwd, shadow)`,
      );
    }
  }
  if (p === "passwd" || p === "chpasswd" || p === "useradd" || p === "userdel") {
    out.review(`${p}: changes user accounts`);
  }
}

function persistenceRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (p === "crontab") {
    if (hasShort(argv, "l") && !argv.some((a) => a === "-" || !a.startsWith("-"))) return;
    if (hasShort(argv, "r")) {
      return out.dangerous("persistence", "crontab -r: removes every scheduled job");
    }
    return out.dangerous("persistence", "crontab: installs scheduled jobs");
  }
  if (p === "at" || p === "batch") {
    if (hasShort(argv, "l") || hasShort(argv, "c")) return;
    return out.dangerous("persistence", `${p}: schedules a command`);
  }
  if (p === "systemd-run" || inv.wrappers.includes("systemd-run")) {
    if (
      argv.some((a) => /^--on-(?:calendar|active|boot|startup|unit-active|unit-inactive)/.test(a))
    ) {
      return out.dangerous("persistence", "systemd-run with a timer: schedules a command");
    }
    return out.review("systemd-run: runs a command as a transient unit");
  }
  if (p === "launchctl" && /^(?:load|bootstrap|enable|submit|kickstart)$/.test(argv[0] ?? "")) {
    return out.dangerous("persistence", `launchctl ${argv[0]}: installs a launchd job`);
  }
  if (p === "schtasks" && argv.some((a) => /^\/(?:create|change)$/i.test(a))) {
    return out.dangerous("persistence", "schtasks /create: schedules a task");
  }
  if (
    [
      "register-scheduledtask",
      "new-scheduledtask",
      "register-scheduledjob",
      "new-service",
      "set-service",
    ].includes(p)
  ) {
    return out.dangerous("persistence", `${p}: schedules a task or installs a service`);
  }
  if (p === "sc" && /^(?:create|config)$/i.test(argv[0] ?? "")) {
    return out.dangerous("persistence", "sc create: installs a service");
  }
  if (
    (p === "reg" && /^add$/i.test(argv[0] ?? "") &&
      argv.some((a) => /\\(?:run|runonce|winlogon|services)\b/i.test(a))) ||
    ((p === "set-itemproperty" || p === "new-itemproperty") &&
      argv.some((a) => /\\(?:run|runonce)\b/i.test(a)))
  ) {
    return out.dangerous("persistence", `${p}: adds a start-up Run key`);
  }
  if (
    ["tee", "cp", "ln", "install", "mv", "add-content", "set-content", "out-file", "ac", "sc"]
      .includes(p)
  ) {
    const writes = p === "tee" || /content|out-file|^ac$|^sc$/.test(p)
      ? operands(argv)
      : operands(argv).slice(1);
    if (writes.some((w) => inAnyDir(w, inv.dirs, isPersistencePath))) {
      return out.dangerous(
        "persistence",
        `${p}: writes a file that runs code later (rc file, cron, unit, hook, authorized_keys)`,
      );
    }
  }
  // An in-place edit of a file that runs code later is persistence (emptying one adds nothing).
  if (
    p !== "truncate" && editedInPlace(inv).some((w) => inAnyDir(w, inv.dirs, isPersistencePath))
  ) {
    return out.dangerous(
      "persistence",
      `${p}: edits a file that runs code later (rc file, cron, unit, hook) in place`,
    );
  }
  if (p === "git" && argv.some((a) => /^core\.hookspath/i.test(a))) {
    out.review("git: changes where hooks run from");
  }
}

/** The container runtime's socket, mounted into a container: root on the host. */
const RUNTIME_SOCKET =
  /(?:^|[=:,])\/(?:var\/)?run\/(?:docker|podman\/podman|containerd\/containerd|crio\/crio|user\/[0-9]+\/(?:docker|podman\/podman))\.sock(?:$|[:,])|\/\/\.\/pipe\/docker_engine/i;

function killRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (p === "kill") {
    let pids = [...argv];
    // Signal 0 (`kill -0 PID`, `-s 0`, `-n 0`, `-SIG0`) is delivered to no process: it only checks
    // that the process exists and may be signalled (review71: was dangerous for PID 1).
    const signal = pids[0] === "-s" || pids[0] === "-n" ? pids[1] : pids[0];
    if (pids.length > 1 && /^(?:-0|0|-SIG0|SIG0|-s0|-n0)$/i.test(signal ?? "")) {
      return out.review("kill -0: checks that a process exists");
    }
    if (pids[0] === "-s" || pids[0] === "-n") pids = pids.slice(2);
    else if (pids.length > 1 && /^-(?:[0-9]+|[A-Za-z]+[0-9]*)$/.test(pids[0]!)) {
      pids = pids.slice(1);
    }
    pids = pids.filter((a) => a !== "--");
    if (pids.includes("-1")) {
      return out.dangerous(
        "mass_kill_shutdown",
        "kill -1: signals every process the user may signal",
      );
    }
    if (pids.includes("1")) {
      return out.dangerous(
        "mass_kill_shutdown",
        "kill 1: signals init (PID 1), which can halt the system or container",
      );
    }
    if (pids.includes("0")) return out.review("kill 0: signals the whole process group");
    return out.review("kill: stops a process");
  }
  if (["killall", "killall5", "pkill", "skill", "slay"].includes(p)) {
    return out.dangerous("mass_kill_shutdown", `${p}: kills every matching process`);
  }
  if (
    p === "taskkill" &&
    (argv.some((a) => /^\/im$/i.test(a)) ||
      argv.some((a) => /^\/f$/i.test(a)) && argv.some((a) => /^\/fi$/i.test(a)))
  ) {
    return out.dangerous("mass_kill_shutdown", "taskkill /im: kills every matching process");
  }
  if (p === "stop-process" || p === "spps") {
    if (argv.some((a) => /\*/.test(a)) || inv.pipeIn) {
      return out.dangerous("mass_kill_shutdown", "Stop-Process of many processes");
    }
    return out.review("Stop-Process: stops a process");
  }
  if (["shutdown", "reboot", "halt", "poweroff", "stop-computer", "restart-computer"].includes(p)) {
    if (p === "shutdown" && hasShort(argv, "c")) {
      return out.review("shutdown -c: cancels a shutdown");
    }
    return out.dangerous("mass_kill_shutdown", `${p}: shuts down or restarts the machine`);
  }
  if ((p === "init" || p === "telinit") && /^[06sS]$/.test(argv[0] ?? "")) {
    return out.dangerous("mass_kill_shutdown", `${p}: changes runlevel (halt or reboot)`);
  }
  if (p === "loginctl" && /^(?:terminate|kill)-/.test(argv[0] ?? "")) {
    return out.dangerous("mass_kill_shutdown", "loginctl: ends sessions");
  }
}

function securityRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (/^(?:ip6?tables|ebtables|arptables)(?:-legacy|-nft)?$/.test(p)) {
    if (argv.some((a) => /^(?:-F|--flush|-X|--delete-chain)$/.test(a) || /^-[A-Za-z]*F$/.test(a))) {
      return out.dangerous("security_off", `${p}: flushes firewall rules`);
    }
    if (argv.some((a, i) => /^(?:-P|--policy)$/.test(a) && /^ACCEPT$/i.test(argv[i + 2] ?? ""))) {
      return out.dangerous("security_off", `${p}: sets a chain to accept everything`);
    }
    return out.review(`${p}: changes firewall rules`);
  }
  if (p === "iptables-restore" || p === "ip6tables-restore") {
    return out.review(`${p}: replaces firewall rules`);
  }
  if (p === "nft") {
    if (/^(?:flush|delete)$/.test(argv[0] ?? "")) {
      return out.dangerous("security_off", "nft flush/delete: removes firewall rules");
    }
    if (argv[0] !== "list") return out.review("nft: changes firewall rules");
    return;
  }
  if (p === "ufw" && /^(?:disable|reset)$/.test(operands(argv)[0] ?? "")) {
    return out.dangerous("security_off", "ufw disable/reset: turns the firewall off");
  }
  if (
    p === "pfctl" &&
    (hasShort(argv, "d") || argv.some((a, i) => a === "-F" && argv[i + 1] === "all"))
  ) {
    return out.dangerous("security_off", "pfctl: disables or flushes the packet filter");
  }
  if (
    p === "netsh" &&
    argv.join(" ").toLowerCase().match(
      /(?:advfirewall\s+set\s+\S+\s+state\s+off|firewall\s+set\s+opmode\s+(?:mode=)?disable|advfirewall\s+reset)/,
    )
  ) {
    return out.dangerous("security_off", "netsh: turns the Windows firewall off");
  }
  if (
    p === "set-netfirewallprofile" &&
    argv.some((a, i) => /^-enabled$/i.test(a) && /^(?:\$?false|0)$/i.test(argv[i + 1] ?? ""))
  ) {
    return out.dangerous(
      "security_off",
      "Set-NetFirewallProfile -Enabled False: turns the firewall off",
    );
  }
  if (
    (p === "set-mppreference" || p === "add-mppreference") &&
    argv.some((a) => /^-(?:disable\w+|exclusion\w+)$/i.test(a))
  ) {
    return out.dangerous("security_off", `${p}: disables Defender protection or adds exclusions`);
  }
  if (p === "setenforce" && /^(?:0|permissive)$/i.test(argv[0] ?? "")) {
    return out.dangerous("security_off", "setenforce 0: SELinux permissive");
  }
  if (p === "spctl" && argv.some((a) => /^--(?:master-disable|global-disable|disable)$/.test(a))) {
    return out.dangerous("security_off", "spctl: disables Gatekeeper");
  }
  if (p === "csrutil" && argv[0] === "disable") {
    return out.dangerous("security_off", "csrutil disable: turns off System Integrity Protection");
  }
  if (p === "aa-teardown" || (p === "aa-disable")) {
    return out.dangerous("security_off", `${p}: disables AppArmor`);
  }
  if (
    p === "auditctl" &&
    (hasShort(argv, "D") || argv.some((a, i) => a === "-e" && argv[i + 1] === "0"))
  ) {
    return out.dangerous("security_off", "auditctl: deletes audit rules or disables auditing");
  }
  if ((p === "service") && SECURITY_UNITS.test(argv[0] ?? "") && /^stop$/.test(argv[1] ?? "")) {
    return out.dangerous("security_off", "service stop: stops a firewall or security service");
  }
  if (p === "set-executionpolicy" && argv.some((a) => /^(?:bypass|unrestricted)$/i.test(a))) {
    // Without -Scope the policy is set for the whole machine (LocalMachine).
    const scope = argv.findIndex((a) => /^-sc(?:o(?:pe?)?)?$/i.test(a));
    const where = scope < 0 ? "localmachine" : (argv[scope + 1] ?? "").toLowerCase();
    if (where === "localmachine") {
      return out.dangerous(
        "security_off",
        "Set-ExecutionPolicy: allows every script to run, for the whole machine",
      );
    }
    return out.review("Set-ExecutionPolicy: lowers the script execution policy");
  }
  if (
    p === "sysctl" &&
    argv.some((a) =>
      /kernel\.(?:randomize_va_space=0|yama\.ptrace_scope=0|kptr_restrict=0)/.test(a)
    )
  ) {
    return out.dangerous("security_off", "sysctl: turns off a kernel hardening setting");
  }
}

/** Privilege, persistence, kill/shutdown and security-control rules. */
export function systemRule(inv: Invocation, out: Findings): void {
  privilegeRule(inv, out);
  persistenceRule(inv, out);
  killRule(inv, out);
  securityRule(inv, out);
}

/**
 * The files a program edits or empties in place: truncate's files, and the
 * operands of `sed -i`, `perl -i`/`ruby -i` and `gawk -i inplace` (the
 * script operand is among them; it never names such a file).
 */
function editedInPlace(inv: Invocation): string[] {
  const { program: p, argv } = inv;
  if (p === "truncate") {
    return operandsSkipping(argv, { value: "sr", longValue: ["size", "reference"] });
  }
  const inPlace =
    (p === "sed" || p === "gsed") && argv.some((a) => /^-[a-zA-Z]*i|^--in-place/.test(a)) ||
    (p === "perl" || p === "ruby") && argv.some((a) => /^-[a-zA-Z]*i/.test(a)) ||
    /^g?awk$/.test(p) && argv.some((a, i) => a === "inplace" && argv[i - 1] === "-i");
  return inPlace ? operandsSkipping(argv, { value: "ef" }) : [];
}
