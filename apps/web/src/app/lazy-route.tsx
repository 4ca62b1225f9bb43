// A route element whose page loads as its own chunk when first shown, so the first load of the
// app carries only the pages a visitor starts on.
import { lazy, Suspense, type ComponentType } from 'react';

export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyRoute(props: P) {
    return (
      <Suspense fallback={<div role="status" aria-busy="true" />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
