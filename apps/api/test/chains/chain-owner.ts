// A process that starts a local chain and waits: the demo-chain test kills it with SIGKILL and
// checks that its anvil went with it. Its anvil binds a port the system picks; the first line on
// stdout is that port.
import { startLocalChain } from '@crimsonhost/devnet/local-chain';

const chain = await startLocalChain({ port: 0, blockTimeSeconds: 1 });
process.stdout.write(`${new URL(chain.rpcUrl).port}\n`);
setInterval(() => undefined, 60_000);
