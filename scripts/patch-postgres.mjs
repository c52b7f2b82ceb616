// Patches postgres.js (the `postgres` package) so that losing the database fails queries instead
// of crashing the process. Run by `postinstall`; safe to run again. Why and how: docs/decisions/014.
//
// postgres.js 3.4.9 (the newest release) throws "Cannot read properties of null (reading 'write')"
// from a timer when a query is written to a connection whose socket has closed — a transaction or a
// reserved connection whose server went away (porsager/postgres issues 1154 and 1208; the fixes
// proposed upstream, pull requests 1168 and 1209, are not released). And a server that closes the
// connection during its startup without saying why (a database still starting, a proxy in front of
// a dead one) makes the driver reconnect at once, thousands of times a second, for as long as that
// lasts, while the query waits (issue 1193, pull request 1214, not released). And a reservation
// (sql.reserve(), which each leader lock makes) queued while a connection closes is taken into that
// connection's reconnect and dropped there: it never settles, and the job waiting for its lock stops
// for good (issue 1195, not fixed upstream). Six small changes, applied to the ES module and the
// CommonJS copy alike:
// 1. a write with no socket fails its queries with CONNECTION_CLOSED (the upstream proposal);
// 2. a transaction whose connection closed rejects its later statements at once, so none of them
//    can reach a connection the pool has meanwhile reopened (outside the transaction);
// 3. a reserved connection that closed rejects its later queries, and releasing it leaves it with
//    the closed ones (the pool reconnects it when needed) instead of handing a dead one out;
// 4. a connection closed during startup without an error fails the query waiting for it with
//    CONNECTION_CLOSED (503 to the caller), and the next attempt waits for the reconnect backoff;
// 5. a connection opened for a reservation goes to it; a reservation settles once and leaves the
//    queue when it does, so a connection is never handed to one that has already failed;
// 6. a connection that closes drops the bytes it held for the next turn of the event loop, with
//    the turn. Kept, they went in front of the next connection's startup message, which then was
//    never sent: each attempt of that connection failed with CONNECT_TIMEOUT after 5 s instead.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const PATCHED_VERSION = '3.4.9';
const MARKER = 'seer-patch';

const CHANGES = {
  'connection.js': [
    {
      from: `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
      to: `  function nextWrite(fn) {
    if (!socket) // ${MARKER}: the socket closed before this write; fail its queries, do not throw
      return closedWrite()
    const x = socket.write(chunk, fn)`,
    },
    {
      from: `    if (initial)
      return reconnect()

    !hadError`,
      to: `    if (initial && hadError)
      return reconnect()

    if (initial) { // ${MARKER}: closed during startup without an error: fail, do not reconnect at once for ever
      queryError(initial, Errors.connection('CONNECTION_CLOSED', options, socket))
      initial = null
    }

    !hadError`,
    },
    {
      from: `  function connectTimedOut() {`,
      to: `  function closedWrite() { // ${MARKER}
    nextWriteTimer !== null && clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    error(Errors.connection('CONNECTION_CLOSED', options))
    return true
  }

  function connectTimedOut() {`,
    },
    {
      from: `      if (needsTypes) {
        initial.reserve && (initial = null)
        return fetchArrayTypes()
      }

      initial && !initial.reserve && execute(initial)
      options.shared.retries = retries = 0`,
      to: `      if (needsTypes)
        return fetchArrayTypes()

      if (initial.reserve) { // ${MARKER}: the connection goes to the reservation it was opened for
        const reservation = initial
        options.shared.retries = retries = 0
        initial = null
        return reservation.reserve(connection) || onopen(connection)
      }

      execute(initial)
      options.shared.retries = retries = 0`,
    },
    {
      from: `    incomings = null
    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`,
      to: `    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARKER}: what was held for the closed socket is dropped
    socket.removeListener('data', data)`,
    },
  ],
  'index.js': [
    {
      from: `    move(c, reserved)
    c.reserved = () => queue.length
      ? c.execute(queue.shift())
      : move(c, reserved)
    c.reserved.release = true

    const sql = Sql(handler)
    sql.release = () => {
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      c.queue === full`,
      to: `    move(c, reserved)
    c.reserved = () => queue.length
      ? c.execute(queue.shift())
      : move(c, reserved)
    c.reserved.release = true
    let closedError = null // ${MARKER}: a reserved connection that closed stays closed
    c.onclose = e => {
      closedError = e
      while (queue.length) queue.shift().reject(e)
    }

    const sql = Sql(handler)
    sql.release = () => {
      c.reserved = null
      if (closedError) return
      c.onclose = null
      onopen(c)
    }

    return sql

    function handler(q) {
      if (closedError) return q.reject(closedError) // ${MARKER}
      c.queue === full`,
    },
    {
      from: `      , prepare = null

    try {
      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = reject)
      ])`,
      to: `      , prepare = null
      , closedError = null // ${MARKER}: a transaction whose connection closed sends nothing more

    try {
      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = e => {
          closedError = e
          while (queries.length) queries.shift().reject(e)
          reject(e)
        })
      ])`,
    },
    {
      from: `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        c.queue === full`,
      to: `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        if (closedError) return q.reject(closedError) // ${MARKER}
        c.queue === full`,
    },
    {
      from: `        const query = { reserve: resolve, reject }
        queries.push(query)`,
      to: `        let settled = false // ${MARKER}: a reservation settles once, and leaves the queue then
        const query = {
          reserve: c => !settled && (settled = true, queries.remove(query), resolve(c), true),
          reject: e => { settled || (settled = true, queries.remove(query), reject(e)) }
        }
        queries.push(query)`,
    },
    {
      from: `      if (query.reserve)
        return query.reserve(c)
`,
      to: `      if (query.reserve) {
        if (query.reserve(c))
          return
        continue // ${MARKER}: a reservation settled meanwhile takes nothing
      }
`,
    },
  ],
};

/** The package's folder as Node resolves it from `fromDir` (its `exports` hide package.json). */
function packageDir(fromDir) {
  const require = createRequire(path.join(path.resolve(fromDir), 'noop.js'));
  let dir = path.dirname(require.resolve('postgres'));
  while (!existsSync(path.join(dir, 'package.json')) || path.basename(dir) !== 'postgres') {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('postgres: package folder not found');
    dir = parent;
  }
  return dir;
}

/** Applies the changes not applied yet; returns the files it changed. Throws when the driver is not the expected one. */
export function patchPostgres(fromDir = 'apps/server') {
  const dir = packageDir(fromDir);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (version !== PATCHED_VERSION)
    throw new Error(
      `postgres ${version} is installed; scripts/patch-postgres.mjs is written for ${PATCHED_VERSION}. ` +
        'Check whether the new version fixes issues 1154, 1208, 1193 and 1195, then update or drop the patch.',
    );
  const changed = [];
  for (const flavour of ['src', 'cjs/src']) {
    for (const [name, changes] of Object.entries(CHANGES)) {
      const file = path.join(dir, flavour, name);
      if (!existsSync(file)) throw new Error(`postgres: ${file} is missing`);
      const original = readFileSync(file, 'utf8');
      let text = original;
      // Each change on its own, so a copy patched by an older version of this script gets the rest.
      for (const { from, to } of changes) {
        if (text.includes(to)) continue;
        const at = text.indexOf(from);
        if (at < 0 || text.indexOf(from, at + 1) >= 0)
          throw new Error(`postgres: ${file} does not contain the expected code once:\n${from}`);
        text = text.slice(0, at) + to + text.slice(at + from.length);
      }
      if (text === original) continue;
      writeFileSync(file, text);
      changed.push(file);
    }
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = patchPostgres();
  console.log(
    changed.length ? `postgres: patched ${changed.length} files` : 'postgres: already patched',
  );
}
