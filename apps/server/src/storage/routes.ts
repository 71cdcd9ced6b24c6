import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@vigil/domain';
import { notFound } from '../platform/errors';
import { callerOf } from '../platform/access';
import { readLink, resolveStoragePath, signedLink, storageRoot } from '../platform/storage';
import { imageSignature, openImage } from './images';

const linkSchema = z.object({ url: z.string(), expiresAt: z.string() });
const imageSignatureSchema = z.object({ signature: z.string(), expiresAt: z.string(), url: z.string() });
const imageParams = z.object({ signature: z.string().max(1000), '*': z.string().max(500) });

export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = storageRoot(app.config.dataDir);

  /** SPEC §7 GET storage/link/{...}: a download URL for a file of the caller's organisation. */
  app.get(
    '/api/storage/link/*',
    { config: { auth: 'authenticated' }, schema: { response: { 200: linkSchema, 404: errorSchema } } },
    async (req) => {
      const caller = callerOf(req);
      const rel = (req.params as { '*': string })['*'];
      const orgPrefix = `orgs/${caller.org.id}/`;
      const full = rel.startsWith(orgPrefix) ? resolveStoragePath(root, rel) : undefined;
      if (!full || !fs.existsSync(full)) throw notFound('File not found');
      return signedLink(app.tokenSecret, rel);
    },
  );

  app.get(
    '/api/storage/files/:token',
    { config: { auth: 'public' }, schema: { params: z.object({ token: z.string().max(2000) }), hide: true } },
    async (req, reply) => {
      const rel = readLink(app.tokenSecret, req.params.token);
      const full = rel ? resolveStoragePath(root, rel) : undefined;
      if (!full || !fs.existsSync(full)) throw notFound('This download link has expired or does not exist');
      reply.header('content-disposition', `attachment; filename="${path.basename(full)}"`);
      reply.header('cache-control', 'no-store');
      return reply
        .type(full.endsWith('.csv') ? 'text/csv' : 'application/octet-stream')
        .send(fs.createReadStream(full));
    },
  );

  /** SPEC §7 GET storage/signature/images: what the map's image URLs carry (valid 30 min, checked every 30 s). */
  app.get(
    '/api/storage/signature/images',
    {
      config: { permission: ['read', 'FloorPlan'] },
      schema: { response: { 200: imageSignatureSchema, 403: errorSchema } },
    },
    async (req) => imageSignature(app.tokenSecret, callerOf(req).org.id),
  );

  /** A plan tile, tilemapresource, thumbnail or source of the signature's organisation; missing: a bare 404. */
  app.get(
    '/api/storage/images/:signature/*',
    { config: { auth: 'public' }, schema: { params: imageParams, hide: true } },
    async (req, reply) => {
      const image = await openImage(root, app.tokenSecret, req.params.signature, req.params['*']);
      if (!image) return reply.code(404).send();
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      reply.header('content-length', image.size);
      return reply.type(image.type).send(image.body);
    },
  );
};
