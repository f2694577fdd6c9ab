/** The comparison `a.localeCompare(b, 'es')` makes, without building a collator on every call. */
export const compareEs: (a: string, b: string) => number = new Intl.Collator('es').compare;
