import { type core, z } from 'zod';

/** How many of a thing a size limit counts, by zod's `origin`. */
const UNITS: Record<string, [one: string, many: string]> = {
  string: ['caracter', 'caractere'],
  array: ['element', 'elemente'],
  set: ['element', 'elemente'],
};

/** Romanian puts "de" between a number ≥ 20 and its noun ("20 de caractere", "5 caractere"). */
const count = (value: number | bigint, [one, many]: [string, string]) => {
  const n = Number(value);
  if (n === 1) return `1 ${one}`;
  const lastTwo = Math.abs(n) % 100;
  return n !== 0 && (lastTwo === 0 || lastTwo >= 20) ? `${n} de ${many}` : `${n} ${many}`;
};

const EXPECTED: Record<string, string> = {
  number: 'Trebuie să fie un număr.',
  int: 'Trebuie să fie un număr întreg.',
  string: 'Trebuie să fie un text.',
  boolean: 'Trebuie să fie adevărat sau fals.',
  array: 'Trebuie să fie o listă.',
  object: 'Trebuie să fie un obiect.',
  date: 'Trebuie să fie o dată.',
};

/**
 * The user-facing message of a zod issue, in Romanian. A schema's own
 * message (`.min(1, 'Adresa este obligatorie.')`) still wins: this only fills in for the rest.
 */
export function romanianMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Câmpul este obligatoriu.';
      return EXPECTED[issue.expected] ?? 'Valoare invalidă.';
    case 'too_small': {
      const unit = UNITS[issue.origin];
      if (unit) {
        if (issue.origin === 'string' && Number(issue.minimum) === 1)
          return 'Câmpul este obligatoriu.';
        return `Cel puțin ${count(issue.minimum, unit)}.`;
      }
      return issue.inclusive === false
        ? `Trebuie să fie mai mare decât ${issue.minimum}.`
        : `Valoarea minimă este ${issue.minimum}.`;
    }
    case 'too_big': {
      const unit = UNITS[issue.origin];
      if (unit) return `Cel mult ${count(issue.maximum, unit)}.`;
      return issue.inclusive === false
        ? `Trebuie să fie mai mic decât ${issue.maximum}.`
        : `Valoarea maximă este ${issue.maximum}.`;
    }
    case 'invalid_value':
      return issue.values.length <= 6
        ? `Valoare necunoscută. Valori permise: ${issue.values.map(String).join(', ')}.`
        : 'Valoare necunoscută.';
    case 'invalid_format':
      if (issue.format === 'email') return 'Adresa de e-mail nu este validă.';
      if (issue.format === 'url') return 'Adresa web nu este validă.';
      return 'Formatul nu este valid.';
    case 'unrecognized_keys':
      return 'Câmp necunoscut.';
    case 'not_multiple_of':
      return `Trebuie să fie multiplu de ${issue.divisor}.`;
    default:
      return 'Valoare invalidă.';
  }
}

/**
 * Every zod schema of ours answers in Romanian. Set once, globally, by the module that defines
 * the shared field schemas (common/http/fields.ts), which every contract imports: no contract
 * can be parsed without it, on the server or in the browser.
 */
export function applyRomanianErrors(): void {
  z.config({ customError: (issue) => romanianMessage(issue) });
}
