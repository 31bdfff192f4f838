import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type Abi,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import testUsdt from '../contracts/test-usdt.json' with { type: 'json' };

/** How long a call to the local anvil may take before it counts as failed. */
export const LOCAL_RPC_TIMEOUT_MS = 60_000;

/** anvil's first default account: a public test key that holds test ether on every anvil chain. */
export const ANVIL_FUNDER_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** TestUSDT's ABI and bytecode, compiled by contracts/build-contracts.mjs; bundled with the demo. */
const artifact = testUsdt as { abi: Abi; bytecode: Hex };
export const TEST_USDT_ABI = artifact.abi;

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')),
    'bin',
    'anvil',
  );
}

/**
 * Runs "$@" and stops it with SIGTERM when stdin reaches its end (the parent is gone) or when the
 * shell itself gets SIGTERM or SIGINT; exits with the chain's status once the chain has exited.
 */
const SUPERVISOR = `
exec 3<&0
"$@" </dev/null &
chain=$!
{ while read -r _ <&3; do :; done; kill -TERM "$chain" 2>/dev/null; } &
watcher=$!
trap 'kill -TERM "$chain" 2>/dev/null' TERM INT
status=0
while kill -0 "$chain" 2>/dev/null; do wait "$chain"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`;

export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already taken`);
    this.name = 'PortTakenError';
  }
}

/** Whether something accepts connections on the loopback port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface LocalChain {
  rpcUrl: string;
  /** Deploys a TestUSDT with the given decimals; answers its address. */
  deployToken(decimals: number, symbol?: string): Promise<Hex>;
  /** Mints `raw` units of the token to `to` from the funder (a real Transfer event); answers the tx hash. */
  pay(token: Hex, to: string, raw: bigint): Promise<Hex>;
  /** The signed raw transaction of such a payment, to send later (reorg tests). */
  signPayment(token: Hex, to: string, raw: bigint): Promise<Hex>;
  sendRaw(signed: Hex): Promise<Hex>;
  mine(blocks: number): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  blockNumber(): Promise<bigint>;
  stop(): Promise<void>;
}

/**
 * Starts anvil (from the npm package) on a loopback port. With `blockTimeSeconds` it mines on its
 * own, as the offline demo does; without, each transaction is mined at once and tests mine the
 * further blocks themselves. Port 0 lets anvil bind a free port and report it: callers that do not
 * care which port (the tests) never race another process for one.
 */
export async function startLocalChain(options: {
  port: number;
  blockTimeSeconds?: number;
  chainId?: number;
  /** Load the chain from this file at start and write it back on exit. */
  statePath?: string;
}): Promise<LocalChain> {
  const anyPort = options.port === 0;
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId ?? 31337),
  ];
  // On port 0 anvil's own start-up lines say where it listens; otherwise it keeps quiet.
  if (!anyPort) args.push('--silent');
  if (options.blockTimeSeconds) args.push('--block-time', String(options.blockTimeSeconds));
  if (options.statePath) args.push('--state', options.statePath, '--state-interval', '10');
  if (!anyPort && (await portAnswers(options.port))) throw new PortTakenError(options.port);
  // anvil runs under a small shell that holds the read end of a pipe from this process: when this
  // process ends in any way, kill -9 included, the pipe closes and the shell stops anvil (which
  // then writes its state file as on a normal stop). Linux has no portable parent-death signal
  // that Node can set on a child.
  const child: ChildProcess = spawn(
    '/bin/sh',
    ['-c', SUPERVISOR, 'anvil', anvilBinary(), ...args],
    {
      stdio: ['pipe', anyPort ? 'pipe' : 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = anyPort ? await listeningPort(child, () => stderr) : options.port;

  const rpcUrl = `http://127.0.0.1:${port}`;
  // Defined here rather than taken from `viem/chains`, whose index loads every chain viem knows
  // (about 6 MB of heap in each process that runs the demo's chain).
  const chain = defineChain({
    id: options.chainId ?? 31337,
    name: 'Foundry',
    nativeCurrency: { decimals: 18, name: 'Ether', symbol: 'ETH' },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // anvil is a local process: an answer later than viem's 10 s default means a starved machine
  // (the demo starting beside a build and two browsers), not a lost request.
  const transport = http(rpcUrl, { retryCount: 0, timeout: LOCAL_RPC_TIMEOUT_MS });
  const publicClient = createPublicClient({ chain, transport });
  const account = privateKeyToAccount(ANVIL_FUNDER_KEY);
  const walletClient = createWalletClient({ chain, transport, account });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`anvil exited: ${stderr.trim() || child.exitCode}`);
    try {
      await publicClient.getChainId();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('anvil did not start within 20 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  // A payment is answered once it is in a block, whether anvil mines on a timer or on each
  // transaction: with automine the send can answer before the block exists, and a watcher pass
  // right after it would not see the payment yet.
  const waitFor = async (hash: Hex) => {
    await publicClient.waitForTransactionReceipt({
      hash,
      pollingInterval: options.blockTimeSeconds ? 200 : 25,
    });
    return hash;
  };

  return {
    rpcUrl,
    async deployToken(decimals, symbol = 'USDT') {
      const hash = await walletClient.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args: [`Test ${symbol} (${decimals} decimals)`, symbol, decimals],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      return receipt.contractAddress!;
    },
    async pay(token, to, raw) {
      const hash = await walletClient.writeContract({
        address: token,
        abi: artifact.abi,
        functionName: 'mint',
        args: [to, raw],
      });
      return waitFor(hash);
    },
    async signPayment(token, to, raw) {
      const request = await walletClient.prepareTransactionRequest({
        to: token,
        data: (await import('viem')).encodeFunctionData({
          abi: artifact.abi,
          functionName: 'mint',
          args: [to, raw],
        }),
      });
      return walletClient.signTransaction(request);
    },
    async sendRaw(signed) {
      return waitFor(await walletClient.sendRawTransaction({ serializedTransaction: signed }));
    },
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
    snapshot: () => testClient.snapshot(),
    async revert(id) {
      await testClient.revert({ id });
    },
    blockNumber: () => publicClient.getBlockNumber({ cacheTime: 0 }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The port anvil bound, read from its "Listening on 127.0.0.1:PORT" line; its further output (one
 * line per call) is read and dropped, so the pipe never fills and stalls it.
 */
function listeningPort(child: ChildProcess, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let found = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('anvil did not say where it listens within 20 s'));
    }, 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (found) return;
      seen = (seen + chunk.toString()).slice(-4096);
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) {
        found = true;
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!found) reject(new Error(`anvil exited: ${stderr().trim() || code}`));
    });
  });
}
