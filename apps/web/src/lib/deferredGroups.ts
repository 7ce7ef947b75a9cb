type Endpoint = (...args: unknown[]) => Promise<unknown>;
type Groups = Record<string, Record<string, Endpoint> | undefined>;

/**
 * `first`'s endpoint groups as they are, and any other group deferred: `api.wallet.balance(query)`
 * waits for `load()` (the module of the later groups, usually loaded already), then calls its
 * `wallet.balance(query)`. Every endpoint answers a promise, so a deferred one is called the same
 * way; only its identity differs (a new function at each read: none is kept as a value).
 */
export function withDeferredGroups<First extends object, Later extends object>(first: First, load: () => Promise<Later>): First & Later {
  const call = (group: string, name: string, args: unknown[]) =>
    load().then((later) => {
      const endpoint = (later as Groups)[group]?.[name];
      if (!endpoint) throw new TypeError(`api.${group}.${name} is not an endpoint`);
      return endpoint(...args);
    });
  // `then` is never a group or an endpoint: answering it would make the client look like a promise to `await`.
  const deferred = (group: string) =>
    new Proxy({} as Record<string, Endpoint>, {
      get: (_, name) => (typeof name === 'string' && name !== 'then' ? (...args: unknown[]) => call(group, name, args) : undefined),
    });
  return new Proxy(first, {
    get: (target, key, receiver) =>
      typeof key === 'symbol' || key === 'then' || key in target ? Reflect.get(target, key, receiver) : deferred(key),
  }) as First & Later;
}
