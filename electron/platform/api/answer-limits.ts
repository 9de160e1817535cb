/**
 * The most each endpoint's answer may weigh, in bytes. Past it the client stops reading, closes
 * the connection and refuses the answer (http-exchange.ts), whatever its Content-Length said: a
 * padded answer must not fill memory, nor freeze main while it is parsed, journaled and printed
 * (a 15 MiB answer once took 67 s; docs/security.md, "Bounded answers"). Each is far above the real thing (spec 4.1 to 4.5; docs/service-interface.md, "Sample bodies") and
 * leaves room for an HTML error page from a proxy, yet small enough that reading the largest
 * accepted answer keeps main within its 100 ms (scripts/bench/hostile-answer.ts), all but pairs
 * (see there).
 */
export const ANSWER_LIMITS = {
  /** `OK`, or an error page. */
  ping: 64 * 1024,
  /** One transaction: a few kilobytes, more with many entries (256 KiB is some 800 of them). */
  lookup: 256 * 1024,
  /** One invoice, quote or exchange order. */
  invoice: 64 * 1024,
  quote: 64 * 1024,
  exchange: 64 * 1024,
  /** One withdrawal order (docs/service-interface.md, "withdrawal/crypto"). */
  withdrawal: 64 * 1024,
  /** One deposit address (docs/service-interface.md, "addresses/take"). */
  address: 64 * 1024,
  /** Every balance of the merchant, some 70 bytes each: room for 900 currencies ("accounts/list"). */
  accounts: 64 * 1024,
  /**
   * Every pair of the service, some 250 bytes each: room for 2,000 pairs. Each pair is checked by
   * its schema twice (client, router), so this cap is also what a hostile pairs answer can cost
   * main: see docs/benchmarks.md.
   */
  pairs: 512 * 1024,
} as const;
