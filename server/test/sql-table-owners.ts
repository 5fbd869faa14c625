import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';

/**
 * The check that a module's tables are private in SQL too (README: "How the code is laid out"):
 * the import check keeps other modules from importing a module's `tables.ts`, and this keeps
 * them from naming its tables in raw SQL. Owners come from the Drizzle schema: a table belongs
 * to the module whose `tables.ts` defines it.
 */

export interface SqlTableViolation {
  /** The file, relative to `src`. */
  file: string;
  table: string;
  owner: string;
}

const modulesOf = (src: string) =>
  readdirSync(path.join(src, 'modules'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** Each table's name and the module that defines it (`modules/<module>/tables.ts`). */
export const tableOwners = async (src: string): Promise<Map<string, string>> => {
  const owners = new Map<string, string>();
  for (const module of modulesOf(src)) {
    let tables: Record<string, unknown>;
    try {
      tables = await import(pathToFileURL(path.join(src, 'modules', module, 'tables.ts')).href);
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') continue;
      throw err;
    }
    for (const value of Object.values(tables)) {
      if (is(value, PgTable)) owners.set(getTableName(value), module);
    }
  }
  return owners;
};

/** The literal text of every sql`...` template in `file` (what goes between its `${}`s). */
const sqlTextsOf = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const t = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(t)) texts.push(t.text);
      else texts.push(t.head.text, ...t.templateSpans.map((s) => s.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
};

/** A table named where SQL reads or writes one. */
const TABLE_USE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;

/**
 * Every place a module's SQL names a table another module owns, sorted by file and table. A
 * module's `tables.ts` is left out (a foreign key names another module's table).
 */
export const sqlTableViolations = async (src: string): Promise<SqlTableViolation[]> => {
  const owners = await tableOwners(src);
  const found: SqlTableViolation[] = [];
  for (const module of modulesOf(src)) {
    const dir = path.join(src, 'modules', module);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && path.basename(f) !== 'tables.ts')
      .sort();
    for (const f of files) {
      const named = new Set<string>();
      for (const text of sqlTextsOf(path.join(dir, f))) {
        for (const [, table] of text.matchAll(TABLE_USE)) {
          const owner = owners.get(table!.toLowerCase());
          if (owner && owner !== module) named.add(table!.toLowerCase());
        }
      }
      for (const table of [...named].sort()) {
        found.push({ file: `modules/${module}/${f}`, table, owner: owners.get(table)! });
      }
    }
  }
  return found;
};
