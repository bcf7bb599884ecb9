import { type FormErrors, schemaResolver } from '@mantine/form';

/** A Standard Schema, as zod's schemas are. */
type Schema = Parameters<typeof schemaResolver>[0];

/**
 * Each message on the field its path starts with ('roles.0' → 'roles'), as the server reports
 * them; a rule of the whole record under 'form'. A field keeps its first message.
 */
export function byField(errors: FormErrors): FormErrors {
  const fields: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] || 'form';
    if (!(field in fields)) fields[field] = message;
  }
  return fields;
}

/**
 * A form's check by the shared contract the server runs too: `input` turns what the form holds
 * into the request's shape first.
 */
export function contractResolver<Values>(
  schema: Schema,
  input: (values: Values) => unknown,
): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => byField(resolve(input(values)));
}
