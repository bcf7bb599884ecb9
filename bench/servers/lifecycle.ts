/**
 * Shared by the benchmark server entries: announce readiness with one JSON line on stdout, and
 * close when the parent closes our stdin — which also happens when the parent dies, so a server
 * can never outlive its benchmark. A hard 15-minute cap backs that up.
 */
export function serveUntilParentLeaves(ready: object, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (code: number) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(code), 3000);
    force.unref();
    close().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  };
  process.stdin.on('end', () => shutdown(0));
  process.stdin.on('error', () => shutdown(0));
  process.stdin.resume();
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGINT', () => shutdown(0));
  setTimeout(() => shutdown(2), 15 * 60_000).unref();
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

/** Exit loudly when setup fails (the parent sees the exit before the ready line). */
export function failStartup(error: unknown): never {
  console.error('benchmark server failed to start:', error);
  process.exit(1);
}
