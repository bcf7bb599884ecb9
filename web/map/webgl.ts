let cached: boolean | undefined;

/**
 * Whether this browser can draw WebGL. Without it maplibre throws, so the map shows a short
 * message instead (and its chunk is not even downloaded). The probe's context is released at
 * once: browsers cap live WebGL contexts.
 */
export function supportsWebGL(): boolean {
  if (cached !== undefined) return cached;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    cached = gl !== null && gl !== undefined;
  } catch {
    cached = false;
  }
  return cached;
}
