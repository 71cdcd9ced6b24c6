import { getTestApp, signIn } from '../test/helpers/app.ts';
const app = await getTestApp();
const r = await app.inject({ url: '/docs/json' });
console.log(r.statusCode, r.body.slice(0, 500));
const { headers } = await signIn(app, 'admin@demo.example');
const z = await app.inject({ url: '/api/zones?level=floor&limit=3', headers });
console.log(z.json().data.map((x: any) => [x.name, x.isLeaf]));
await app.close();
