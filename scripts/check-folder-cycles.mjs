// Server folders depend one way: if chat/ uses payments/, payments/ does not use chat/, directly or
// round a longer loop. ESLint sees one file at a time, so this check reads every server module's
// imports (TypeScript's parser), builds the graph of folders and reports each cycle with the
// imports that make it. Type-only imports are allowed (they vanish at run time); the root files
// (app.ts, main.ts, modules.ts, ...) compose the folders and tests may reach anything, so neither
// counts as an importer. Exit code 1 when a cycle exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(process.argv[2] ?? 'apps/server/src');

function* modules(dir) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* modules(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      yield full;
  }
}

/** The first folder under SRC, or null for a root file. */
function folderOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** Relative specifiers this module imports for their values (not `import type`). */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

// folder -> folder -> ["file imports specifier", ...]
const edges = new Map();
for (const file of modules(SRC)) {
  const from = folderOf(file);
  if (from === null || from === 'test') continue;
  for (const specifier of valueImports(file)) {
    const to = folderOf(path.resolve(path.dirname(file), specifier));
    if (to === null || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(`${path.relative(SRC, file)} imports '${specifier}'`);
  }
}

// Tarjan's strongly connected components: every component with two or more folders is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(folder) {
  state.set(folder, { index, low: index, onStack: true });
  index += 1;
  stack.push(folder);
  for (const next of edges.get(folder)?.keys() ?? []) {
    if (!state.has(next)) {
      connect(next);
      state.get(folder).low = Math.min(state.get(folder).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(folder).low = Math.min(state.get(folder).low, state.get(next).index);
    }
  }
  if (state.get(folder).low === state.get(folder).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const folder of edges.keys()) if (!state.has(folder)) connect(folder);

if (cycles.length === 0) {
  console.log(
    `folder cycles: none among ${edges.size} importing folders of ${path.relative(process.cwd(), SRC)}`,
  );
} else {
  for (const component of cycles) {
    console.error(`folder cycle: ${component.join(' <-> ')}`);
    for (const from of component) {
      for (const [to, reasons] of edges.get(from) ?? []) {
        if (!component.includes(to)) continue;
        for (const reason of reasons) console.error(`  ${from} -> ${to}: ${reason}`);
      }
    }
  }
  console.error('Server folders must depend one way (type-only imports are allowed).');
  process.exit(1);
}
