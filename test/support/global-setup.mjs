// Printed once per run, so a test log shows which Node the whole suite ran on (the Makefile brings Node 24).
export default function printNodeVersion() {
  process.stdout.write(`\ntests run on node ${process.version} (${process.execPath})\n`);
}
