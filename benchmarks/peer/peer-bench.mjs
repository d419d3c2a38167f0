// The peers of `codemode bench` (issue 28): QuickJS (quickjs-emscripten, its default release-sync
// build) and a Node `vm` context, on the bench's own pass scenarios, with the bench's sample counts.
//
//   node peer-bench.mjs SAMPLES WARMUP [TRIVIAL_PROGRAM THREE_CALL_PROGRAM]
//
// The bench passes its own program texts (BenchToolkit.TRIVIAL and THREE_CALLS), so both sides run
// the same source; the defaults below are copies for a manual run. Each pass, as in Code Mode, makes
// a fresh runtime and context (QuickJS) or a fresh context (vm), evaluates the program, calls the
// function it is, settles its promise, reads the result and throws the context away; the time of
// each pass includes all of that. The three-call program calls `bench.instant({})`, a host function
// that returns an already resolved promise of 1.
//
// Prints ONE JSON object on stdout:
//   {"node": "v20...", "quickjs": "0.32.0", "samples": N, "warmUp": W,
//    "peers": {"quickjs": {"trivial": {"ms": [...], "cpuMsPerPass": x}, "threeCalls": {...}},
//              "nodeVm": {...}}}
// ms: the wall time of each measured pass, in order; cpuMsPerPass: the process's CPU time (user +
// system, process.cpuUsage(): every thread, so V8's compiler and GC threads count as the JVM's do)
// over the measured loop, divided by its passes.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import vm from "node:vm";
import { getQuickJS } from "quickjs-emscripten";

const require = createRequire(import.meta.url);

const TRIVIAL = "async () => 1";
const THREE_CALLS =
  "async () => (await Promise.all([bench.instant({}), bench.instant({}), bench.instant({})])).length";

function fail(message) {
  process.stderr.write(`peer-bench: ${message}\n`);
  process.exit(2);
}

const [samplesArg, warmUpArg, trivialArg, threeCallsArg] = process.argv.slice(2);
const samples = Number.parseInt(samplesArg ?? "", 10);
const warmUp = Number.parseInt(warmUpArg ?? "", 10);
if (!(samples >= 1) || !(warmUp >= 0)) {
  fail("usage: node peer-bench.mjs SAMPLES WARMUP [TRIVIAL_PROGRAM THREE_CALL_PROGRAM] (SAMPLES >= 1, WARMUP >= 0)");
}
const programs = { trivial: trivialArg ?? TRIVIAL, threeCalls: threeCallsArg ?? THREE_CALLS };

// The WebAssembly module is loaded once, as a host would; runtimes and contexts are per pass.
const QuickJS = await getQuickJS();

/** One QuickJS pass: a fresh runtime and context, the program called and settled, its result read. */
function quickjsPass(program, withTools) {
  const runtime = QuickJS.newRuntime();
  const context = runtime.newContext();
  try {
    if (withTools) {
      const bench = context.newObject();
      const instant = context.newFunction("instant", (args) => {
        context.dump(args); // the arguments cross into the host, as a tool's JSON does
        const deferred = context.newPromise();
        const one = context.newNumber(1);
        deferred.resolve(one);
        one.dispose();
        return deferred.handle; // the caller owns and disposes it
      });
      context.setProp(bench, "instant", instant);
      context.setProp(context.global, "bench", bench);
      instant.dispose();
      bench.dispose();
    }
    const promise = context.unwrapResult(context.evalCode(`(${program})()`));
    try {
      runtime.executePendingJobs();
      const state = context.getPromiseState(promise);
      if (state.type !== "fulfilled") {
        state.value?.dispose();
        throw new Error(`the QuickJS pass ended ${state.type}: ${program}`);
      }
      const result = context.dump(state.value);
      state.value.dispose();
      return result;
    } finally {
      promise.dispose();
    }
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

/** One Node vm pass: a fresh context, the program called and awaited, its result read. */
async function nodeVmPass(program, withTools) {
  const sandbox = withTools ? { bench: { instant: (args) => Promise.resolve(1) } } : {};
  const context = vm.createContext(sandbox);
  const fn = vm.runInContext(`(${program})`, context);
  return await fn();
}

const expected = { trivial: 1, threeCalls: 3 };

async function measure(pass, scenario) {
  const program = programs[scenario];
  const withTools = scenario === "threeCalls";
  for (let i = 0; i < warmUp; i++) {
    await pass(program, withTools);
  }
  const ms = new Array(samples);
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const result = await pass(program, withTools);
    ms[i] = performance.now() - start;
    if (result !== expected[scenario]) {
      throw new Error(`${scenario} returned ${JSON.stringify(result)}, expected ${expected[scenario]}`);
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { ms, cpuMsPerPass: (cpu.user + cpu.system) / 1000 / samples };
}

const peers = { quickjs: {}, nodeVm: {} };
for (const scenario of ["trivial", "threeCalls"]) {
  peers.quickjs[scenario] = await measure(quickjsPass, scenario);
  peers.nodeVm[scenario] = await measure(nodeVmPass, scenario);
}
const quickjsVersion = require("quickjs-emscripten/package.json").version;
process.stdout.write(
  JSON.stringify({ node: process.version, quickjs: quickjsVersion, samples, warmUp, peers }) + "\n",
);
