// Rewrites the generated tables of docs/DEVICE-API.md from the domain data: npm run docs:device-api
import fs from 'node:fs';
import { DEVICE_API_DOC, renderDeviceApiDoc } from '../src/ingest/device-api-doc';

fs.writeFileSync(DEVICE_API_DOC, await renderDeviceApiDoc());
console.log(`rewrote ${DEVICE_API_DOC}`);
