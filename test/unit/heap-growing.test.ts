import { describe, expect, it } from "@jest/globals";
import { HEAP_GROWING_PERCENT, heapGrowingFlags } from "../../pkg/diagnostics/heap.js";

/** The old generation's growing factor runtimed sets at start, and a command line that sets its own. */
describe("heapGrowingFlags", () => {
  it("fixes V8's growing factor when the command line does not", () => {
    expect(heapGrowingFlags([])).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    expect(heapGrowingFlags(["--max-old-space-size=153", "--max-semi-space-size=8"])).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it("leaves a factor given on the command line, in either spelling", () => {
    expect(heapGrowingFlags(["--heap-growing-percent=50"])).toEqual([]);
    expect(heapGrowingFlags(["--heap_growing_percent=0"])).toEqual([]);
  });
});
