// A route element whose page loads as its own chunk when first shown, so the first load of the
// app carries only the pages a visitor starts on; so do the lazy namespaces of texts it reads.
import { lazy, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace, type LazyNamespace } from '../lib/i18n';

const busy = <div role="status" aria-busy="true" />;

export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>, texts: readonly LazyNamespace[] = [], fallback: ReactNode = busy): ComponentType<P> {
  // One request for the chunk, started beside the texts' rather than after them.
  let chunk: Promise<ComponentType<P>> | undefined;
  const start = () => (chunk ??= load());
  const Page = lazy(async () => ({ default: await start() }));
  return function LazyRoute(props: P) {
    return (
      <Suspense fallback={fallback}>
        <PageTexts namespaces={texts} start={start}>
          <Page {...props} />
        </PageTexts>
      </Suspense>
    );
  };
}

/** Shows `children` once `namespaces` are loaded, each once per i18n instance. */
function PageTexts({ namespaces, start, children }: { namespaces: readonly LazyNamespace[]; start: () => void; children: ReactNode }) {
  const { i18n } = useTranslation();
  if (namespaces.length > 0) start();
  const loading = namespaces.map((ns) => loadNamespace(i18n, ns));
  for (const texts of loading) use(texts);
  return children;
}
