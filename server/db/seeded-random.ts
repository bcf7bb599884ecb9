/** A number in [0, 1) from a seeded source: the same seed, the same sequence. */
export type Random = () => number;

/**
 * A fixed-seed generator (mulberry32), for the simulator, tests, fuzzers and benchmarks: the same
 * seed gives the same sequence on every run and machine, so a printed seed replays a failure.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
