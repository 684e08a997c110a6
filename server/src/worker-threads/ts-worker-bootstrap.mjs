// Starts a worker thread's TypeScript module when Baton runs from its sources (tests, tsx): a
// thread does not inherit the `--import tsx` of its process, so this registers tsx in the thread
// and then imports the module named by the thread's last argument. Built Baton never uses it.
import { register } from "tsx/esm/api";

register();
await import(process.argv.at(-1));
