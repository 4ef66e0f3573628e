/* The phone's engine in node, for tests/offline/test_phone_engine.py: the very
   startEngine of tournament/static/js/engine.mjs, on the engine's JSON as the phone is
   sent it. Usage: node phone_engine.mjs ROOT BUNDLE.json JOBS.json OUT.json, where a job
   is {op: "validate", record} or {op: "check", fields, table}; OUT gets each answer (the
   parsed JSON, or {crash: message}) and the time taken. A job's record or fields may come
   as JSON text (`text`, `fields_text`, `table_text`): passed to Python as they are, so
   numbers JavaScript cannot hold (10**100) reach the engine whole. */
import fs from "fs";
import path from "path";
import {pathToFileURL} from "url";

const [root, bundlePath, jobsPath, outPath] = process.argv.slice(2);
const pkg = path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript");
const {startEngine} = await import(pathToFileURL(path.join(root, "tournament/static/js/engine.mjs")));
const t0 = performance.now();
let engine;
try {
  engine = await startEngine(pathToFileURL(path.join(pkg, "micropython.mjs")).href,
                             path.join(pkg, "micropython.wasm"),
                             JSON.parse(fs.readFileSync(bundlePath)).files);
} catch (e) {  // the Python traceback only (node would print the whole minified source)
  process.stderr.write("the engine did not start: " + String(e && e.message || e) + "\n");
  process.exit(2);
}
const started = performance.now() - t0;
const jobs = JSON.parse(fs.readFileSync(jobsPath));
const answers = [];
const t1 = performance.now();
for (const job of jobs) {
  try {
    const out = job.op === "validate"
      ? engine.validate(job.text ?? JSON.stringify(job.record))
      : engine.check(job.fields_text ?? JSON.stringify(job.fields),
                     job.table_text ?? JSON.stringify(job.table));
    answers.push(JSON.parse(out));
  } catch (e) {
    answers.push({crash: String(e && e.message || e)});
  }
}
fs.writeFileSync(outPath, JSON.stringify({answers, start_ms: started, run_ms: performance.now() - t1}));
