import { afterAll } from "@jest/globals";
import { removeTempDirs } from "./tempdirs.js";

// Every test file (jest setupFilesAfterEnv): its temp folders go when it ends, passed or failed.
afterAll(() => removeTempDirs());
