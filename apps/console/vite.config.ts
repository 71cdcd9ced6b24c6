import crypto from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Emits /hash.json with a hash of the built entry, polled by consoles to reload on a new build (SPEC §7). */
function buildHash(): Plugin {
  return {
    name: 'vigil-build-hash',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort().join('\n');
      const hash = crypto.createHash('sha256').update(names).digest('hex').slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'hash.json', source: JSON.stringify({ hash }) });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildHash()],
  server: {
    // The API, the build hash, and single sign-on's browser routes (/auth/saml, /auth/google).
    proxy: {
      '/api': 'http://localhost:8080',
      '/hash.json': 'http://localhost:8080',
      '/auth': 'http://localhost:8080',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
