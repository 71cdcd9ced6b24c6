import { openDatabase } from '/work/main/apps/server/src/db/client.ts';
const t=Date.now();
const d = await openDatabase({ dataDir: ':memory:' });
console.log('open+migrate ms', Date.now()-t);
console.log((await d.sql.query('select count(*) from zones')).rows);
await d.close();
