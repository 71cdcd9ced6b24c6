/** The verdict of a SPEC §5 validator: the normalised value, or the human reason it was refused. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };
