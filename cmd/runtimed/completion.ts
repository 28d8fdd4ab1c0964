import { Command } from "commander";
import { DAPR_ALIASES } from "./dapr-flags.js";
import { addSidecarFlags } from "./options.js";

/**
 * `runtimed completion bash|zsh`: a completion script built from the flags the commands define, so it
 * cannot drift from them. zsh loads the bash one through bashcompinit (as many CLIs do).
 */

function sidecarFlags(): string[] {
  const flags = addSidecarFlags(new Command(), { appIdRequired: false }).options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
  const dapr = DAPR_ALIASES.flatMap((a) => [`--${a.dapr}`, ...(a.short ? [`-${a.short}`] : [])]);
  return [...new Set([...flags, ...dapr, "--help"])].sort();
}

const SUBCOMMANDS: Record<string, string[]> = {
  list: ["-o", "--output", "--help"],
  stop: ["-a", "--app-id", "-f", "--run-file", "--help"],
  validate: ["-o", "--output", "--connect", "--help"],
  version: ["-o", "--output", "--help"],
  completion: ["bash", "zsh"],
};

/** Values of flags that take one of a few words; a path flag completes file names. */
const VALUES: Record<string, string> = {
  "--app-protocol": "http grpc",
  "-P": "http grpc",
  "--log-level": "error warn info debug",
  "--mode": "standalone kubernetes",
  "-o": "table text json yaml",
  "--output": "table text json yaml",
};
const PATHS = ["--resources-path", "--components-path", "-d", "--config", "-c", "-f", "--run-file"];

export function bashCompletion(): string {
  const sidecar = sidecarFlags().join(" ");
  const cases = Object.entries(SUBCOMMANDS)
    .map(([name, flags]) => `    ${name}) words_for="${flags.join(" ")}" ;;`)
    .join("\n");
  const values = Object.entries(VALUES)
    .map(([flag, words]) => `    ${flag}) COMPREPLY=($(compgen -W "${words}" -- "$cur")); return ;;`)
    .join("\n");
  return `# runtimed completion for bash: source <(runtimed completion bash)
_runtimed() {
  local cur prev sub words_for
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  sub="\${COMP_WORDS[1]}"
  case "$prev" in
${values}
    ${PATHS.join("|")}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "run list stop validate version completion ${sidecar}" -- "$cur"))
    return
  fi
  case "$sub" in
${cases}
    run) words_for="${sidecar} -f --run-file" ;;
    *) words_for="${sidecar}" ;;
  esac
  if [[ "$cur" == -* || "$sub" == completion ]]; then
    COMPREPLY=($(compgen -W "$words_for" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _runtimed runtimed
`;
}

export function zshCompletion(): string {
  return `#compdef runtimed
# runtimed completion for zsh: source <(runtimed completion zsh)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bashCompletion()}`;
}

export async function completionMain(argv: readonly string[]): Promise<number> {
  const shell = argv[0];
  if (shell === "bash") process.stdout.write(bashCompletion());
  else if (shell === "zsh") process.stdout.write(zshCompletion());
  else {
    process.stderr.write(`runtimed completion: name the shell: bash or zsh${shell ? ` (got ${shell})` : ""}\nexample: source <(runtimed completion bash)\n`);
    return 2;
  }
  return 0;
}
