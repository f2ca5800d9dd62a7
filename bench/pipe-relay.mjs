// The floor under `record`'s figures: a process between the client and the server that
// only pipes bytes both ways (no recording), started as the recorder starts its server.
import { spawn } from 'node:child_process';

const server = spawn(process.argv[2], process.argv.slice(3), { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(server.stdin);
server.stdout.pipe(process.stdout);
server.on('exit', (code) => process.exit(code ?? 1));
