import { ruleMessage } from '../i18n/rule-message.ts';
import { checkBase58 } from './base58-check.ts';
import type { Network } from './currencies.ts';
import { NETWORK_NAMES } from './currencies.ts';
import { checkEvm } from './evm.ts';
import { addressProblem } from './problem.ts';
import type { AddressVerdict } from './problem.ts';
import { checkSegwit } from './segwit.ts';

/**
 * The address forms of each network, on its main network and, where a profile allows them, its
 * test networks: which start each form has, and which checker reads it.
 */

export interface NetworkOptions {
  /** Accept test networks' addresses (tb1..., m/n/2...) besides the main network's. */
  testnets: boolean;
}

interface UtxoForms {
  hrp: string;
  testHrps: readonly string[];
  /** First characters of the legacy base58check forms, and their version bytes. */
  legacy: ReadonlyArray<{ starts: string; version: number; test: boolean }>;
}

const BASE58_CHARS = '1-9A-HJ-NP-Za-km-z';

const UTXO: Record<'bitcoin' | 'litecoin', UtxoForms> = {
  bitcoin: {
    hrp: 'bc',
    testHrps: ['tb', 'bcrt'],
    legacy: [
      { starts: '1', version: 0x00, test: false },
      { starts: '3', version: 0x05, test: false },
      { starts: 'mn', version: 0x6f, test: true },
      { starts: '2', version: 0xc4, test: true },
    ],
  },
  litecoin: {
    hrp: 'ltc',
    testHrps: ['tltc', 'rltc'],
    // Not the old 3... form (version 5): Bitcoin's own P2SH addresses look the same, so a Bitcoin
    // address would pass for a Litecoin one. Litecoin wallets show the M... form instead.
    legacy: [
      { starts: 'L', version: 0x30, test: false },
      { starts: 'M', version: 0x32, test: false },
      { starts: 'mn', version: 0x6f, test: true },
      { starts: 'Q', version: 0x3a, test: true },
      { starts: '2', version: 0xc4, test: true },
    ],
  },
};

/** The network `address` looks like it belongs to, by its shape alone, or null. */
export function lookAlike(address: string): Network | null {
  const lower = address.toLowerCase();
  if (/^0x[0-9a-f]{40}$/.test(lower)) return 'ethereum';
  if (/^(bc|tb|bcrt)1/.test(lower)) return 'bitcoin';
  if (/^(ltc|tltc|rltc)1/.test(lower)) return 'litecoin';
  if (new RegExp(`^T[${BASE58_CHARS}]{33}$`).test(address)) return 'tron';
  if (new RegExp(`^[rX][${BASE58_CHARS}]{24,46}$`).test(address)) return 'xrp';
  if (new RegExp(`^[LM][${BASE58_CHARS}]{25,34}$`).test(address)) return 'litecoin';
  if (new RegExp(`^[13][${BASE58_CHARS}]{25,34}$`).test(address)) return 'bitcoin';
  return null;
}

/** The prefix problem: the message names the network (its code chooses how each language says it, and how its addresses start). */
function wrongStart(currency: string, network: Network, address: string): AddressVerdict {
  const where = { currency, network, name: NETWORK_NAMES[network] };
  const other = lookAlike(address);
  if (other !== null && other !== network) return addressProblem('prefix', ruleMessage('rules.address.lookAlike', { ...where, like: other, likeName: NETWORK_NAMES[other] }), 1);
  return addressProblem('prefix', ruleMessage('rules.address.wrongStart', { ...where, first: address.slice(0, 1) }), 1);
}

function testnetProblem(network: Network): AddressVerdict {
  return addressProblem('testnet', ruleMessage('rules.address.testnet', { network, name: NETWORK_NAMES[network] }));
}

function checkUtxo(currency: string, network: 'bitcoin' | 'litecoin', address: string, options: NetworkOptions): AddressVerdict {
  const forms = UTXO[network];
  const name = NETWORK_NAMES[network];
  const lower = address.toLowerCase();
  for (const hrp of [forms.hrp, ...forms.testHrps]) {
    if (!lower.startsWith(`${hrp}1`)) continue;
    const verdict = checkSegwit(address, hrp, `${name} ${hrp}1`);
    if (verdict.ok && hrp !== forms.hrp && !options.testnets) return testnetProblem(network);
    return verdict;
  }
  const form = forms.legacy.find((f) => f.starts.includes(address.slice(0, 1)));
  if (form === undefined) {
    if (network === 'litecoin' && address.startsWith('3')) {
      return addressProblem('prefix', ruleMessage('rules.address.litecoinOldForm'), 1);
    }
    return wrongStart(currency, network, address);
  }
  const verdict = checkBase58(address, 'bitcoin', name);
  if (!verdict.ok) return verdict;
  if (verdict.version !== form.version) return wrongStart(currency, network, address);
  if (form.test && !options.testnets) return testnetProblem(network);
  return { ok: true, checksum: 'verified' };
}

function checkTron(currency: string, address: string): AddressVerdict {
  if (/^41[0-9a-fA-F]{40}$/.test(address)) {
    return addressProblem('prefix', ruleMessage('rules.address.tronHex'), 1);
  }
  if (!address.startsWith('T')) return wrongStart(currency, 'tron', address);
  const verdict = checkBase58(address, 'bitcoin', 'Tron');
  if (!verdict.ok) return verdict;
  return verdict.version === 0x41 ? { ok: true, checksum: 'verified' } : wrongStart(currency, 'tron', address);
}

function checkXrp(currency: string, address: string): AddressVerdict {
  if (new RegExp(`^[XT][${BASE58_CHARS}]{46}$`).test(address)) {
    return addressProblem('prefix', ruleMessage('rules.address.xAddress'), 1);
  }
  if (!address.startsWith('r')) return wrongStart(currency, 'xrp', address);
  const verdict = checkBase58(address, 'xrp', 'XRP');
  if (!verdict.ok) return verdict;
  return verdict.version === 0x00 ? { ok: true, checksum: 'verified' } : wrongStart(currency, 'xrp', address);
}

/** Checks `address` (printable ASCII, not empty) as an address of `network` for `currency`. */
export function checkNetworkAddress(currency: string, network: Network, address: string, options: NetworkOptions): AddressVerdict {
  switch (network) {
    case 'bitcoin':
    case 'litecoin':
      return checkUtxo(currency, network, address, options);
    case 'ethereum':
      if (!address.toLowerCase().startsWith('0x') && lookAlike(address) !== null && lookAlike(address) !== 'ethereum') return wrongStart(currency, network, address);
      return checkEvm(address, 'Ethereum');
    case 'tron':
      return checkTron(currency, address);
    case 'xrp':
      return checkXrp(currency, address);
  }
}
