/**
 * The load generator in its own process (like wrk or autocannon), so that parsing the answers
 * does not compete with the server's event loop. Reads a scenario file and prints the result.
 */
import fs from 'node:fs';
import { runLoad, type LoadRequest } from './load.js';

const scenario = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as {
  port: number; connections: number; seconds: number; requests: LoadRequest[];
};
const result = await runLoad({
  port: scenario.port, connections: scenario.connections, seconds: scenario.seconds,
  next: (i) => scenario.requests[i % scenario.requests.length]!,
});
process.stdout.write(JSON.stringify(result));
