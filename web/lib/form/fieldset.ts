/** A fieldset that only disables its fields (a read-only form): no border, no padding. */
export const FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;
