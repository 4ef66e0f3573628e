/* The phone's engine in node, timed by CPU (bench/bench_engine_node.py): the very
   startEngine of tournament/static/js/engine.mjs on an engine's JSON, then scoring.validate
   of each record and record.check of each form, one after another.
   Usage: node engine_node.mjs ROOT BUNDLE.json JOBS.json; prints one JSON line. */
import fs from "fs";
import path from "path";
import {pathToFileURL} from "url";

const [root, bundlePath, jobsPath] = process.argv.slice(2);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const pkg = path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript");
const {startEngine} = await import(pathToFileURL(path.join(root, "tournament/static/js/engine.mjs")));
const c0 = cpu(), w0 = performance.now();
const engine = await startEngine(pathToFileURL(path.join(pkg, "micropython.mjs")).href,
                                 path.join(pkg, "micropython.wasm"),
                                 JSON.parse(fs.readFileSync(bundlePath)).files);
const start = {cpu: cpu() - c0, wall: performance.now() - w0};
const jobs = JSON.parse(fs.readFileSync(jobsPath));
function each(list, run) {
  const out = [];
  for (const item of list) {
    const c = cpu();
    run(item);
    out.push(cpu() - c);
  }
  return out;
}
const validate = each(jobs.records, (r) => engine.validate(JSON.stringify(r)));
const check = each(jobs.forms, (f) => engine.check(JSON.stringify(f), JSON.stringify(jobs.table)));
const valid = each(jobs.valid, ([f, t]) => engine.check(JSON.stringify(f), JSON.stringify(t)));
console.log(JSON.stringify({start, validate, check, valid}));
