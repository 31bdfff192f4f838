// `npm run demo:pay -- --network ERC20 --to 0x… --amount 25`
// Pays a deposit on the offline demo chain: sends test USDT to the address from anvil's funded
// test account. The demo chain mines a block every second, so confirmations follow by themselves.
import { parseArgs } from 'node:util';
import { parseUsdt, isUsdtAmount } from '@crimsonhost/shared/money';
import { createPublicClient, createWalletClient, getAddress, http, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { loadConfig } from '../config';
import { DEMO_TOKENS } from '../modules/chains/demo-chain';
import { ANVIL_FUNDER_KEY, TEST_USDT_ABI } from '../modules/chains/local-chain';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = 'Usage: npm run demo:pay -- --network ERC20|BEP20 --to ADDRESS --amount 25';

async function main() {
  const { values } = parseArgs({
    options: {
      network: { type: 'string', default: 'ERC20' },
      to: { type: 'string' },
      amount: { type: 'string' },
    },
  });
  const network = values.network?.toUpperCase();
  if (network !== 'ERC20' && network !== 'BEP20')
    fail(`${usage}\nThe demo chain runs ERC20 and BEP20.`);
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
