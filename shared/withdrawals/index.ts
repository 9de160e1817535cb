export type { DestinationCheck, DestinationOptions } from './destination.ts';
export { checkDestination, MAX_ADDRESS_LENGTH, MAX_DESTINATION_TAG } from './destination.ts';
export type { DestinationProblem, ProblemCode } from './problem.ts';
export type { DestinationRules, Network } from './currencies.ts';
export { CURRENCY_RULES, destinationRules, NETWORK_NAMES } from './currencies.ts';
export { encodeBase58Check } from './base58-check.ts';
export { toChecksumAddress } from './evm.ts';
export { encodeSegwit } from './segwit.ts';
