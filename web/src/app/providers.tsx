import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { lazyComponent } from '../lib/lazy-component.ts';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a network blip or 5xx might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

// Loaded after the first paint. Sonner shows toasts raised before its Toaster mounted.
const Toaster = lazyComponent(async () => (await import('sonner')).Toaster);

/** `client`: the query cache app/start.tsx has already started filling (docs/decisions/038). */
export function AppProviders({
  children,
  client: given,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  const [client] = useState(() => given ?? makeQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <Toaster position="top-center" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
