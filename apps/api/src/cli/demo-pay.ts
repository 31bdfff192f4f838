// `npm run demo:pay -- --network ERC20 --to 0x… --amount 25` (or BEP20 0x…, or TRC20 T…)
// Pays a deposit on the offline demo chains: ERC20 and BEP20 mint test USDT to the address from
// anvil's funded test account; TRC20 asks the demo TRON node to send test USDT from its payer.
// Both mine a block every second, so confirmations follow by themselves.
import { parseArgs } from 'node:util';
import { parseUsdt, isUsdtAmount } from '@crimsonhost/shared/money';
import { createPublicClient, createWalletClient, getAddress, http, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { loadConfig } from '../config';
import { DEMO_TOKENS } from '@crimsonhost/devnet/demo-chain';
import { ANVIL_FUNDER_KEY, TEST_USDT_ABI } from '@crimsonhost/devnet/local-chain';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = 'Usage: npm run demo:pay -- --network ERC20|BEP20|TRC20 --to ADDRESS --amount 25';

/** TRC20: the demo TRON node pays from its own payer and mines the block. */
async function payOnTron(port: number, to: string, amount: string) {
  const url = `http://127.0.0.1:${port}/demo/pay`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, amount }),
  }).catch(() =>
    fail(`The demo TRON node is not running at ${url}. Start the storefront with npm start first.`),
  );
  const body = (await response.json().catch(() => ({}))) as {
    txId?: string;
    blockNumber?: number;
    error?: string;
  };
  if (!response.ok || !body.txId) fail(`The payment failed: ${body.error ?? response.statusText}`);
  process.stdout.write(
    `Paid ${amount} test USDT on TRC20 to ${to} in block ${body.blockNumber} (tx ${body.txId}).\n` +
      `The storefront credits it after the network's confirmations; the demo TRON node mines one block a second.\n`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      network: { type: 'string', default: 'ERC20' },
      to: { type: 'string' },
      amount: { type: 'string' },
    },
  });
  const network = values.network?.toUpperCase();
  if (network === 'TRC20') {
    if (!values.to || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(values.to))
      fail(`${usage}\n--to must be the T… deposit address shown in the deposit dialog.`);
    if (!values.amount || !isUsdtAmount(values.amount))
      fail(`${usage}\n--amount must be a number of USDT, e.g. 25 or 25.5.`);
    return payOnTron(loadConfig().DEMO_TRON_PORT, values.to, values.amount);
  }
  if (network !== 'ERC20' && network !== 'BEP20')
    fail(`${usage}\nThe demo runs ERC20, BEP20 and TRC20.`);
  if (!values.to || !isAddress(values.to, { strict: false }))
    fail(`${usage}\n--to must be the 0x… deposit address shown in the deposit dialog.`);
  if (!values.amount || !isUsdtAmount(values.amount))
    fail(`${usage}\n--amount must be a number of USDT, e.g. 25 or 25.5.`);
  const decimals = network === 'ERC20' ? 6 : 18;
  const raw = parseUsdt(values.amount) * 10n ** BigInt(decimals - 6);

  const config = loadConfig();
  const rpcUrl = `http://127.0.0.1:${config.DEMO_CHAIN_PORT}`;
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport });
  await publicClient
    .getBlockNumber()
    .catch(() =>
      fail(
        `The demo chain is not running at ${rpcUrl}. Start the storefront with npm start first.`,
      ),
    );
  const wallet = createWalletClient({
    chain,
    transport,
    account: privateKeyToAccount(ANVIL_FUNDER_KEY),
  });
  const to = getAddress(values.to);
  const hash = await wallet.writeContract({
    address: DEMO_TOKENS[network],
    abi: TEST_USDT_ABI,
    functionName: 'mint',
    args: [to, raw],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 });
  process.stdout.write(
    `Paid ${values.amount} test USDT on ${network} to ${to} in block ${receipt.blockNumber} (tx ${hash}).\n` +
      `The storefront credits it after the network's confirmations; the demo chain mines one block a second.\n`,
  );
}

main().catch((error: unknown) => fail(`The payment failed: ${(error as Error).message}`));
