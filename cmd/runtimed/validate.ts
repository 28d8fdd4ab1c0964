import { Command, Option } from "commander";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { connectCheck } from "../../pkg/cli/connect.js";
import { formatReport, hasErrors, reportJson, validatePaths } from "../../pkg/cli/validate.js";
import { isHelpOrVersion } from "../flags.js";

/** `runtimed validate`: argv after the subcommand; 0 when every manifest is valid, 1 on any error, 2 on a usage error. */
export async function validateMain(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<number> {
  const program = new Command("runtimed validate")
    .description("Check manifests (Component, Subscription, Configuration, Resiliency; runtime.io or dapr.io) offline, with the sidecar's own loader: each problem by file, resource and field. Exit 1 on any error.")
    .argument("<paths...>", "manifest files, or folders whose .yaml/.yml files are read (as --resources-path reads them)")
    .addOption(new Option("-o, --output <format>", "report format").choices(["text", "json"]).default("text"))
    .option("--connect", "also initialise each component (connects to its broker or store, within spec.initTimeout) and close it", false)
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) });
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (isHelpOrVersion(error)) return 0;
    process.stderr.write(`runtimed validate: ${(error as Error).message.replace(/^error: /, "")}\nrun 'runtimed validate --help' for the flags\n`);
    return 2;
  }
  const { output, connect } = program.opts<{ output: "text" | "json"; connect: boolean }>();
  const registries = builtinRegistries();
  const report = await validatePaths(program.args, { registries, connect: connect ? connectCheck({ registries, env }) : undefined });
  process.stdout.write(output === "json" ? reportJson(report) : formatReport(report));
  return hasErrors(report) ? 1 : 0;
}
