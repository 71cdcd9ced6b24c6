import { useEffect, useState } from 'react';

type Health = { ok: boolean; database?: string };

/** The console skeleton: the shell, sign-in and screens arrive with the console foundation issue. */
export function App() {
  const [health, setHealth] = useState<Health | 'pending' | 'error'>('pending');

  useEffect(() => {
    const controller = new AbortController();
    fetch('/readyz', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then((body: Health) => setHealth(body))
      .catch(() => !controller.signal.aborted && setHealth('error'));
    return () => controller.abort();
  }, []);

  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Vigil</h1>
      <p>Staff-safety alerts and device management.</p>
      <p role="status">
        {health === 'pending' && 'Checking the server…'}
        {health === 'error' && 'The server is not answering.'}
        {typeof health === 'object' && `Server ready (database: ${health.database ?? 'unknown'}).`}
      </p>
      <p>
        The API and its documentation are at <a href="/docs">/docs</a>.
      </p>
    </main>
  );
}
