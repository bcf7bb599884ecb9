/** Why nobody answered, from the PBX's final code (common/calls/calls.schema MissedCall). */
export function missedReason(code: number): string {
  switch (code) {
    case 487:
      return 'a renunțat';
    case 486:
    case 600:
      return 'linii ocupate';
    case 480:
    case 404:
      return 'niciun operator conectat';
    case 408:
      return 'fără răspuns';
    default:
      return `cod ${code}`;
  }
}
