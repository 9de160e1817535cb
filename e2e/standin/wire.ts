/**
 * What crosses the stand-in's IPC pipe. Electron copies IPC arguments and results with the
 * structured clone algorithm (docs/api/ipc-renderer.md, invoke: "Arguments will be serialized with
 * the Structured Clone Algorithm"), so each side first takes a structuredClone (which throws a
 * DataCloneError for a function, a symbol, a DOM node, as Electron does), then writes the copy as
 * JSON with tags for what JSON cannot hold: undefined, NaN, ±Infinity, -0, bigint, Date, RegExp,
 * Map, Set, ArrayBuffer and typed arrays, Error, and shared or cyclic references.
 *
 * Both functions are handed to the page as source text (page-runtime.ts), so they reference
 * nothing outside their own bodies.
 */

export function encodeForWire(value: unknown): string {
  const seen = new Map<object, number>();
  const bytesOf = (view: ArrayBufferView | ArrayBuffer): string => {
    const bytes = view instanceof ArrayBuffer ? new Uint8Array(view) : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  const write = (item: unknown): unknown => {
    if (item === undefined) return { $u: 1 };
    if (typeof item === 'number') {
      if (Number.isNaN(item) || !Number.isFinite(item) || Object.is(item, -0)) return { $n: Object.is(item, -0) ? '-0' : String(item) };
      return item;
    }
    if (typeof item === 'bigint') return { $b: item.toString() };
    if (item === null || typeof item !== 'object') return item;
    const known = seen.get(item);
    if (known !== undefined) return { $ref: known };
    const id = seen.size;
    seen.set(item, id);
    if (item instanceof Date) return { $id: id, $d: item.getTime() };
    if (item instanceof RegExp) return { $id: id, $r: [item.source, item.flags] };
    if (item instanceof Error) return { $id: id, $e: [item.name, item.message] };
    if (item instanceof ArrayBuffer) return { $id: id, $t: ['ArrayBuffer', bytesOf(item)] };
    if (ArrayBuffer.isView(item)) return { $id: id, $t: [item.constructor.name, bytesOf(item)] };
    if (item instanceof Map) return { $id: id, $m: [...item].map(([key, entry]) => [write(key), write(entry)]) };
    if (item instanceof Set) return { $id: id, $s: [...item].map(write) };
    if (Array.isArray(item)) return { $id: id, $a: item.map(write) };
    const prototype = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new TypeError(`The Electron stand-in cannot carry a ${String(item.constructor?.name)} over IPC`);
    }
    return { $id: id, $o: Object.entries(item).map(([key, entry]) => [key, write(entry)]) };
  };
  return JSON.stringify(write(value));
}

export function decodeFromWire(text: string): unknown {
  const made = new Map<number, unknown>();
  const bytesOf = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const views: Record<string, new (buffer: ArrayBuffer) => unknown> = {
    Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
    Float32Array, Float64Array, BigInt64Array, BigUint64Array,
    DataView: DataView as unknown as new (buffer: ArrayBuffer) => unknown,
  };
  const keep = <T>(tagged: Record<string, unknown>, value: T): T => {
    made.set(tagged.$id as number, value);
    return value;
  };
  const read = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const tagged = item as Record<string, unknown>;
    if ('$u' in tagged) return undefined;
    if ('$n' in tagged) return tagged.$n === '-0' ? -0 : Number(tagged.$n);
    if ('$b' in tagged) return BigInt(tagged.$b as string);
    if ('$ref' in tagged) return made.get(tagged.$ref as number);
    if ('$d' in tagged) return keep(tagged, new Date(tagged.$d as number));
    if ('$r' in tagged) {
      const [source, flags] = tagged.$r as [string, string];
      return keep(tagged, new RegExp(source, flags));
    }
    if ('$e' in tagged) {
      const [name, message] = tagged.$e as [string, string];
      const error = new Error(message);
      error.name = name;
      return keep(tagged, error);
    }
    if ('$t' in tagged) {
      const [kind, base64] = tagged.$t as [string, string];
      const buffer = bytesOf(base64).buffer as ArrayBuffer;
      const View = views[kind];
      return keep(tagged, kind === 'ArrayBuffer' || !View ? buffer : new View(buffer));
    }
    if ('$m' in tagged) {
      const map = keep(tagged, new Map<unknown, unknown>());
      for (const [key, entry] of tagged.$m as Array<[unknown, unknown]>) map.set(read(key), read(entry));
      return map;
    }
    if ('$s' in tagged) {
      const set = keep(tagged, new Set<unknown>());
      for (const entry of tagged.$s as unknown[]) set.add(read(entry));
      return set;
    }
    if ('$a' in tagged) {
      const array = keep(tagged, [] as unknown[]);
      for (const entry of tagged.$a as unknown[]) array.push(read(entry));
      return array;
    }
    const object = keep(tagged, {} as Record<string, unknown>);
    for (const [key, entry] of (tagged.$o ?? []) as Array<[string, unknown]>) {
      // A plain data property, also for "__proto__", as a structured clone makes it.
      Object.defineProperty(object, key, { value: read(entry), enumerable: true, writable: true, configurable: true });
    }
    return object;
  };
  return read(JSON.parse(text));
}
