// A process that starts a local chain and waits: the demo-chain test kills it with SIGKILL and
// checks that its anvil went with it.
import { startLocalChain } from '@crimsonhost/devnet/local-chain';

const port = Number(process.argv[2]);
await startLocalChain({ port, blockTimeSeconds: 1 });
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
