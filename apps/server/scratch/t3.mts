import { getTestApp } from '../test/helpers/app.ts';
const app = await getTestApp();
try { app.swagger(); } catch (e) { console.log('ERR', e); }
await app.close();
