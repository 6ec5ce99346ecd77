/**
 * State that every bundle of this process must share. Next bundles the routes and the
 * instrumentation (where the scheduler runs) apart, and each bundle has its own copy of a module:
 * a module-level cache is then one per bundle — a board the scheduler's pass stored is not the
 * copy the pages read, and each route decodes its own. Kept on globalThis under `tickerlab.{name}`,
 * made on first use.
 */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`tickerlab.${name}`);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
