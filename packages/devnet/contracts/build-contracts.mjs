// Compiles TestUSDT.sol with solc (the npm build of the Solidity compiler) into
// test-usdt.json (ABI and bytecode), which is committed. Run: node contracts/build-contracts.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const dir = path.dirname(fileURLToPath(import.meta.url));
const input = {
  language: 'Solidity',
  sources: { 'TestUSDT.sol': { content: readFileSync(path.join(dir, 'TestUSDT.sol'), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'paris',
    outputSelection: { '*': { TestUSDT: ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}
const contract = output.contracts['TestUSDT.sol'].TestUSDT;
writeFileSync(
  path.join(dir, 'test-usdt.json'),
  `${JSON.stringify({ compiler: solc.version(), abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }, null, 2)}\n`,
);
console.log(`compiled TestUSDT with solc ${solc.version()}`);
