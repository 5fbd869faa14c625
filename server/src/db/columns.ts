import {
  Column,
  type GetColumnData,
  getTableColumns,
  is,
  type SQL,
  type SQLWrapper,
  sql,
  type Table,
} from 'drizzle-orm';

/**
 * The columns a statement selects or returns, written once: `columns({...})` gives both the SQL
 * select list and the type of the rows it answers (`RowOf`), so no caller asserts a row type.
 * A field is a schema column (its type from the schema), a column of the table under an alias in
 * the statement (`aliased(goods, 'g').id`, written `g.id`), or an expression with its type
 * (`sql<number>\`count(*)::int\``). A column under its own name is written bare, anything else
 * `<expression> as <name>`, so the list reads as one written by hand:
 *
 *     const g = aliased(goods, 'g');
 *     const card = columns({ id: g.id, name: g.name, sold: sql<number>`g.sold_count` });
 *     // card's list: `g.id, g.name, g.sold_count as sold`
 *     const rows = await rowsOf(db, card.query`select ${card} from goods g where g.id = ${id}`);
 *     // rows: { id: number; name: string; sold: number }[]
 */

/**
 * A value as raw SQL (`db.execute`) answers it, which is not always the schema's type: a
 * timestamp is text from node-postgres and a Date from PGlite, and a 64-bit integer is text from
 * node-postgres.
 */
export type RawValue<C extends Column> = C['_']['columnType'] extends 'PgBigInt53' | 'PgBigSerial53'
  ? C['_']['notNull'] extends true
    ? number | string
    : number | string | null
  : Raw<GetColumnData<C>>;
type Raw<V> = V extends Date ? Date | string : V;

/** A row of `table` as raw SQL answers it (`select *`, `returning *`): the database's column names with their types. */
export type RawRow<T extends Table> = {
  [K in keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: RawValue<T['_']['columns'][K]>;
};

/** A column of a table that a statement names by an alias (`from goods g`): selected as `g.<column>`. */
export class Qualified<C extends Column = Column> {
  readonly alias: string;
  readonly column: C;
  constructor(alias: string, column: C) {
    this.alias = alias;
    this.column = column;
  }
}

/** A field whose value may be null although its column is not: a column of an outer join's optional side. */
export class OrNull<F extends Plain = Plain> {
  readonly nullable = true;
  readonly field: F;
  constructor(field: F) {
    this.field = field;
  }
}

/** A field whose value is never null although its column may be: one the statement's `where` keeps from being null. */
export class NotNull<F extends Plain = Plain> {
  readonly nullable = false;
  readonly field: F;
  constructor(field: F) {
    this.field = field;
  }
}

type Plain = Column | Qualified | SQL<unknown>;
/** What a selection's field may be. */
export type Field = Plain | OrNull | NotNull;

/** The type of a field's value in a row. */
export type ValueOf<F> =
  F extends OrNull<infer G>
    ? ValueOf<G> | null
    : F extends NotNull<infer G>
      ? NonNullable<ValueOf<G>>
      : F extends Qualified<infer C>
        ? RawValue<C>
        : F extends Column
          ? RawValue<F>
          : F extends SQL<infer T>
            ? T
            : never;

/** A row of fields `F`: each field's output name with its value's type. */
export type FieldsRow<F extends Record<string, Field>> = { [K in keyof F]: ValueOf<F[K]> };

/** The row type of a `columns(...)` list. */
export type RowOf<S> = S extends Columns<infer R> ? R : never;

/** The columns of `table` as a statement names them under `alias` (`from goods g`): `aliased(goods, 'g').id` is `g.id`. */
export const aliased = <T extends Table>(
  table: T,
  alias: string,
): { [K in keyof T['_']['columns']]: Qualified<T['_']['columns'][K]> } & {
  readonly $alias: string;
  readonly $table: T;
} => {
  sqlIdentifier(alias);
  return {
    ...Object.fromEntries(
      Object.entries(getTableColumns(table)).map(([key, c]) => [key, new Qualified(alias, c)]),
    ),
    $alias: alias,
    $table: table,
  } as never;
};

/** `field`, read from the optional side of an outer join: null when there is no row there. */
export const orNull = <F extends Plain>(field: F) => new OrNull(field);
/** `field`, which the statement's `where` keeps from being null. */
export const notNull = <F extends Plain>(field: F) => new NotNull(field);

/** Words PostgreSQL reserves that a column or output name may be: written in quotes. */
const RESERVED = new Set(
  `all and any array as asc both case cast check collate column constraint create current_date current_time
  current_timestamp current_user default desc distinct do else end except false fetch for foreign from grant group
  having in initially intersect into lateral leading limit not null offset on only or order placing primary
  references returning select session_user some symmetric table then to trailing true union unique user using
  variadic when where window with`.split(/\s+/),
);

const sqlIdentifier = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not an SQL name: ${name}`);
  return name;
};
/** A column or output name as SQL text: quoted when PostgreSQL would fold or refuse it bare. */
const nameText = (name: string) =>
  /[A-Z]/.test(sqlIdentifier(name)) || RESERVED.has(name) ? `"${name}"` : name;

const fieldSql = (name: string, field: Field): SQL => {
  const f = field instanceof OrNull || field instanceof NotNull ? field.field : field;
  if (f instanceof Qualified || is(f, Column)) {
    const [alias, column] = f instanceof Qualified ? [`${f.alias}.`, f.column] : ['', f];
    const text = `${alias}${nameText(column.name)}`;
    return sql.raw(column.name === name ? text : `${text} as ${nameText(name)}`);
  }
  return sql`${f} as ${sql.raw(nameText(name))}`;
};

/** A select list and the type of its rows (`columns`, `allOf`). `${list}` in a statement is its SQL. */
export class Columns<R extends Record<string, unknown>> implements SQLWrapper {
  declare readonly $row: R;

  /** The list as SQL. */
  readonly list: SQL;
  constructor(list: SQL) {
    this.list = list;
  }

  getSQL(): SQL {
    return this.list;
  }

  /** Drizzle writes the list as it is, not in parentheses as it would another wrapper. */
  shouldOmitSQLParens(): boolean {
    return true;
  }

  /** This list and then `fields`. */
  and<F extends Record<string, Field>>(fields: F): Columns<R & FieldsRow<F>> {
    return new Columns(sql.join([this.list, columns(fields).list], sql.raw(', ')));
  }

  /** A statement (a tagged template like drizzle's `sql`) typed as answering rows of this list, for `rowsOf`. */
  query(strings: TemplateStringsArray, ...params: unknown[]): SQL<R> {
    return sql<R>(strings, ...params);
  }
}

/** The select list of `fields`, each under its key. */
export const columns = <F extends Record<string, Field>>(fields: F): Columns<FieldsRow<F>> =>
  new Columns(
    sql.join(
      Object.entries(fields).map(([name, field]) => fieldSql(name, field)),
      sql.raw(', '),
    ),
  );

/** Every column of a table, `*`, or of a table under an alias, `<alias>.*`, typed by the schema. */
export const allOf = <T extends Table>(
  table: T | { readonly $alias: string; readonly $table: T },
): Columns<RawRow<T>> => new Columns(sql.raw('$alias' in table ? `${table.$alias}.*` : '*'));

/** `count(*)::int as n`: how many rows a statement counts. */
export const counted = columns({ n: sql<number>`count(*)::int` });
