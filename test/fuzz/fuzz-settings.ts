// How long the fuzz suite runs: FUZZ_RUNS cases per operation (CI: a small fixed number) and FUZZ_SEED
// (CI: fixed, so a run is repeatable; `random` picks one and prints it so a failure can be replayed with
// FUZZ_SEED=<that number>). Each operation's seed is derived from this one and the operation's name.
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 8);

export const FUZZ_SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261123);

export function seedFor(operationKey: string): number {
  let hash = FUZZ_SEED | 0;
  for (const char of operationKey) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
