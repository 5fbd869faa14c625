// Demo data of its own, read by a module's seed set (allowed).
export const demoNames = ['Tui Trading'];
