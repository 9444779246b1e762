import pg from 'pg';

// Every server test file: a statement sent on a connection while another still runs on it fails the run. pg queues it
// today (and warns from the third), pg@9 refuses it; inside a request's transaction it would also let a read made in
// system mode (asSystem) interleave with the others. The statements of a transaction run one after the other
// (docs/ARCHITECTURE.md, request path, step 5). The statement still runs: the failure is raised beside it, naming both.
const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; [k: symbol]: boolean };
const GUARD = Symbol.for('app.test.oneStatementAtATime');
if (!client[GUARD]) {
  client[GUARD] = true;
  const query = client.query;
  const textOf = (q: unknown) => String(typeof q === 'string' ? q : (q as { text?: string } | undefined)?.text).slice(0, 160);
  client.query = function (this: { _activeQuery?: unknown }, ...args: unknown[]) {
    if (this._activeQuery) {
      const error = new Error(
        `Deux instructions envoyées en même temps sur une connexion : « ${textOf(args[0])} » pendant « ${textOf(this._activeQuery)} ».`,
      );
      process.nextTick(() => {
        throw error;
      });
    }
    return query.apply(this, args);
  };
}
