/**
 * A small checker of JSON values by shape, for the readers on the hot path
 * (the capsule a hook or `load` reads): the subset of zod's builder the
 * capsule schema uses — strings with a length cap and a pattern, numbers,
 * integers with bounds, booleans, enums, literals, nullable and optional
 * values, capped arrays, string-keyed records and strict objects — with zod's
 * issue codes, paths and order, so one describer reads both. Loading zod cost
 * a process that reads one capsule ~40 ms and ~17 MB (its locales and its
 * runtime); this is ~200 lines and builds nothing at run time.
 *
 * A check never copies its input: an accepted value is returned as given
 * (the input is a freshly parsed JSON value, and strict objects refuse every
 * key they do not declare, so there is nothing to strip).
 * @module
 */

/** Where in the value an issue is: keys and array indexes from the top. */
export type IssuePath = (string | number)[];

/** One issue, shaped as zod's (the fields its describer reads). */
export type ShapeIssue =
  | { code: "invalid_type"; expected: string; path: IssuePath }
  | { code: "invalid_value"; values: readonly unknown[]; path: IssuePath }
  | { code: "unrecognized_keys"; keys: string[]; path: IssuePath }
  | { code: "too_big"; path: IssuePath }
  | { code: "too_small"; path: IssuePath }
  | { code: "invalid_format"; format: string; path: IssuePath };

/** What a check returns: the value, or the issues in zod's order. */
export type ShapeResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ShapeIssue[] } };

type Visit = (value: unknown, path: IssuePath, issues: ShapeIssue[]) => void;

/** A checker of one shape; `T` is the type an accepted value has. */
export class Shape<T> {
  /** @internal */
  constructor(readonly visit: Visit) {}

  /** Checks `value`; never throws. */
  safeParse(value: unknown): ShapeResult<T> {
    const issues: ShapeIssue[] = [];
    this.visit(value, [], issues);
    return issues.length === 0
      ? { success: true, data: value as T }
      : { success: false, error: { issues } };
  }

  /** The same shape, also accepting null. */
  nullable(): Shape<T | null> {
    return new Shape((v, path, issues) => {
      if (v !== null) this.visit(v, path, issues);
    });
  }

  /** The same shape, also accepting a missing value. */
  optional(): Shape<T | undefined> {
    return new Shape((v, path, issues) => {
      if (v !== undefined) this.visit(v, path, issues);
    });
  }
}

type Check<V> = (value: V, path: IssuePath, issues: ShapeIssue[]) => void;

function typed<V>(
  expected: string,
  isType: (v: unknown) => v is V,
  checks: readonly Check<V>[],
): Visit {
  return (v, path, issues) => {
    if (!isType(v)) {
      issues.push({ code: "invalid_type", expected, path });
      return;
    }
    for (const check of checks) check(v, path, issues);
  };
}

/** A string shape; `max` and `regex` add checks, run in the order added. */
export class StringShape extends Shape<string> {
  /** @internal */
  constructor(private readonly checks: readonly Check<string>[] = []) {
    super(typed("string", (v): v is string => typeof v === "string", checks));
  }

  /** At most `n` UTF-16 code units. */
  max(n: number): StringShape {
    return new StringShape([...this.checks, (v, path, issues) => {
      if (v.length > n) issues.push({ code: "too_big", path });
    }]);
  }

  /** Matches `pattern` (its `lastIndex` is never used: no g or y flag). */
  regex(pattern: RegExp): StringShape {
    return new StringShape([...this.checks, (v, path, issues) => {
      if (!pattern.test(v)) issues.push({ code: "invalid_format", format: "regex", path });
    }]);
  }
}

/** A number shape (finite numbers only); `int` and `min` add checks. */
export class NumberShape extends Shape<number> {
  /** @internal */
  constructor(private readonly checks: readonly Check<number>[] = []) {
    super(
      typed("number", (v): v is number => typeof v === "number" && Number.isFinite(v), checks),
    );
  }

  /** A safe integer (zod's `int`: a fraction is a type issue, past 2^53 a size issue). */
  int(): NumberShape {
    return new NumberShape([...this.checks, (v, path, issues) => {
      if (!Number.isInteger(v)) issues.push({ code: "invalid_type", expected: "int", path });
      else if (v > Number.MAX_SAFE_INTEGER) issues.push({ code: "too_big", path });
      else if (v < Number.MIN_SAFE_INTEGER) issues.push({ code: "too_small", path });
    }]);
  }

  /** At least `n`. */
  min(n: number): NumberShape {
    return new NumberShape([...this.checks, (v, path, issues) => {
      if (v < n) issues.push({ code: "too_small", path });
    }]);
  }
}

/** An array shape; `max` caps its length (checked after the elements). */
export class ArrayShape<T> extends Shape<T[]> {
  /** @internal */
  constructor(private readonly element: Shape<T>, private readonly limit = Infinity) {
    super((v, path, issues) => {
      if (!Array.isArray(v)) {
        issues.push({ code: "invalid_type", expected: "array", path });
        return;
      }
      for (let i = 0; i < v.length; i++) element.visit(v[i], [...path, i], issues);
      if (v.length > limit) issues.push({ code: "too_big", path });
    });
  }

  /** At most `n` elements. */
  max(n: number): ArrayShape<T> {
    return new ArrayShape(this.element, Math.min(this.limit, n));
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

type Fields = Record<string, Shape<unknown>>;
type Out<F extends Fields> =
  & { [K in keyof F as undefined extends ShapeType<F[K]> ? never : K]: ShapeType<F[K]> }
  & { [K in keyof F as undefined extends ShapeType<F[K]> ? K : never]?: ShapeType<F[K]> };

/** The type a shape accepts. */
export type ShapeType<S> = S extends Shape<infer T> ? T : never;

/** The builders, named as zod's so a schema reads the same. */
export const z = {
  string: (): StringShape => new StringShape(),
  number: (): NumberShape => new NumberShape(),
  boolean: (): Shape<boolean> =>
    new Shape(typed("boolean", (v): v is boolean => typeof v === "boolean", [])),
  /** One of `values` (compared with `===`). */
  enum: <const V extends readonly string[]>(values: V): Shape<V[number]> =>
    new Shape((v, path, issues) => {
      if (!values.includes(v as string)) issues.push({ code: "invalid_value", values, path });
    }),
  literal: <const V extends string | number | boolean>(value: V): Shape<V> =>
    new Shape((v, path, issues) => {
      if (v !== value) issues.push({ code: "invalid_value", values: [value], path });
    }),
  array: <T>(element: Shape<T>): ArrayShape<T> => new ArrayShape(element),
  /** An object with string keys, every value of `value`'s shape. */
  record: <T>(_key: StringShape, value: Shape<T>): Shape<Record<string, T>> =>
    new Shape((v, path, issues) => {
      if (!isRecord(v)) {
        issues.push({ code: "invalid_type", expected: "record", path });
        return;
      }
      for (const key of Object.keys(v)) value.visit(v[key], [...path, key], issues);
    }),
  /** An object with exactly `fields` (an optional one may be missing); any other key is an issue. */
  strictObject: <F extends Fields>(fields: F): Shape<Out<F>> =>
    new Shape((v, path, issues) => {
      if (!isRecord(v)) {
        issues.push({ code: "invalid_type", expected: "object", path });
        return;
      }
      for (const key of Object.keys(fields)) {
        fields[key]!.visit(Object.hasOwn(v, key) ? v[key] : undefined, [...path, key], issues);
      }
      const unknown = Object.keys(v).filter((k) => !Object.hasOwn(fields, k));
      if (unknown.length > 0) issues.push({ code: "unrecognized_keys", keys: unknown, path });
    }),
};
